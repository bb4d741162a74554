import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
// pg_trgm: the trigram indexes of permit and work-order search (migrations 005, 006); PGlite bundles it.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { writeTransaction, type Database, type Queryable } from './database';
import { lockProcessId } from './processLiveness';

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tar file, which `openPglite` can start from. */
  dump(): Promise<Blob>;
}

/**
 * The embedded default: PostgreSQL in-process, persisted in `dataDir/pgdata` (in memory without
 * one). `from` is a dump to start from instead of an empty cluster: it skips initdb, seconds of
 * WebAssembly work that the tests would otherwise pay for each database.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDatabase> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pgdata');
    mkdirSync(path, { recursive: true });
  }
  const pg = await PGlite.create({ ...(path ? { dataDir: path } : {}), ...(from ? { loadDataDir: from } : {}), extensions: { pg_trgm } });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  let processId: Promise<number> | undefined;
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work, mode = 'write') => {
      // Read here: PGlite may run the callback outside the caller's async context. A snapshot reads only.
      const write = mode === 'write' ? writeTransaction() : undefined;
      return pg.transaction(async (tx) => {
        // PGlite issues its own begin: the mode can only follow it.
        if (mode === 'snapshot') await tx.query('set transaction isolation level repeatable read, read only');
        const session = wrap(tx);
        write?.begin(session);
        const result = await work(session);
        await write?.end(session);
        return result;
      });
    },
    // In-process: a NOTIFY reaches this listener when its transaction commits.
    listen: async (channel, handler) => {
      const unlisten = await pg.listen(channel, handler);
      return () => unlisten();
    },
    processId: () => (processId ??= lockProcessId(wrap(pg))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
