import { AsyncLocalStorage } from 'node:async_hooks';

/** One SQL connection or transaction; the same shape for PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type TransactionMode = 'write' | 'snapshot';

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction: all of it commits, or none of it does. A `snapshot`
   * transaction is read-only and repeatable-read: every query in it sees the same moment.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, mode?: TransactionMode): Promise<T>;
  /**
   * Calls `handler` with the payload of each NOTIFY on `channel`, from any connection (so from
   * any instance of the server), and with null when notifications may have been missed (the
   * listening connection was re-established). Resolves to the function that stops it.
   */
  listen(channel: string, handler: (payload: string | null) => void): Promise<() => Promise<void>>;
  /**
   * This process's id among those sharing the database, its lock held for as long as the
   * database is open (processLiveness.ts). A new id if the connection holding it was lost.
   */
  processId(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`. `databaseListenUrl`
 * is a direct connection to the same database for what a transaction pool (PgBouncer) cannot
 * carry: the change stream's LISTEN and the process's session lock.
 */
export async function openDatabase(options: { databaseUrl?: string; databaseListenUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.databaseListenUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir);
}

/**
 * Work that every transaction begun in this async context does at its end, inside it, before
 * the work queued on it (queueBeforeCommit): how a request's Idempotency-Key is marked used in
 * the same commit as the request's change (http/idempotency.ts). `queued` says whether work is
 * queued, which writes.
 */
export const beforeCommit = new AsyncLocalStorage<(tx: Queryable, queued: boolean) => Promise<void>>();

/** What a write transaction knows of the request it serves. */
export interface WriteContext {
  /** When the user made the change on the device (the request's MADE_AT_HEADER), else null. */
  deviceAt: string | null;
}

/** Set per request (audit/deviceTime.ts); read by a write transaction when it begins. */
export const writeContext = new AsyncLocalStorage<WriteContext>();

interface OpenWrite {
  context: WriteContext | undefined;
  /** Work queued by what ran in the transaction, done last, in order, after the idempotency mark. */
  queued: ((tx: Queryable) => Promise<void>)[];
}
const openWrites = new WeakMap<Queryable, OpenWrite>();

/**
 * For the Database implementations: called synchronously in transaction(), where the caller's
 * async context is still current (PGlite may run the callback outside it). `begin` makes the
 * session a write transaction others can queue work on; `end` runs the idempotency mark, then
 * that work, just before the commit: the audit chain's head, locked by the queued work, is held
 * for the fewest statements (issue 40's cost).
 */
export function writeTransaction(): { begin(session: Queryable): void; end(session: Queryable): Promise<void> } {
  const context = writeContext.getStore();
  const last = beforeCommit.getStore();
  return {
    begin: (session) => void openWrites.set(session, { context, queued: [] }),
    async end(session) {
      const open = openWrites.get(session);
      openWrites.delete(session);
      await last?.(session, (open?.queued.length ?? 0) > 0);
      // Work that queues more (none today) would still run: the queue is read as it grows.
      for (let i = 0; open && i < open.queued.length; i++) await open.queued[i]!(session);
    },
  };
}

/**
 * Queues `work` to run inside `tx` just before it commits, after everything else the
 * transaction does, the idempotency mark included (audit/record.ts writes the transaction's
 * events this way, so the audit chain's lock is taken last). Throws when `tx` is not a write transaction that is still open:
 * work that must commit with a change cannot be done outside the change's transaction.
 */
export function queueBeforeCommit(tx: Queryable, work: (tx: Queryable) => Promise<void>): WriteContext | undefined {
  const open = openWrites.get(tx);
  if (!open) throw new Error('This must be called inside a write transaction (db.transaction), with the change it belongs to.');
  open.queued.push(work);
  return open.context;
}
