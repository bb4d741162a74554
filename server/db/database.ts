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

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir);
}

/**
 * Work that every transaction begun in this async context does last, inside it, before it
 * commits: how a request's Idempotency-Key is marked used in the same commit as the request's
 * change (http/idempotency.ts).
 */
export const beforeCommit = new AsyncLocalStorage<(tx: Queryable) => Promise<void>>();
