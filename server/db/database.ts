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
