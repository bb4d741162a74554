import { randomInt } from 'node:crypto';
import type { Queryable } from './database';

/**
 * How one server process tells whether another that shares the database is still running: each
 * holds a session-level advisory lock (PROCESS_LOCKS, its id) on a connection of its own, and
 * PostgreSQL releases a session's locks the moment its connection ends — a clean stop, a SIGKILL,
 * a crash. No heartbeat to write, no clock to trust. On PGlite the one session is the process's:
 * ids of an earlier start are never held.
 */
export const PROCESS_LOCKS = 727_005;

/** SQL that is true while the process whose id `idSql` gives holds its lock (false for null). */
export const processAliveSql = (idSql: string) =>
  `exists (select 1 from pg_locks where locktype = 'advisory' and classid = ${PROCESS_LOCKS} and objid = (${idSql})::oid and objsubid = 2 and granted)`;

/** Takes the lock of an id no live process holds, on `session`, and returns the id. */
export async function lockProcessId(session: Pick<Queryable, 'query'>): Promise<number> {
  for (;;) {
    const id = randomInt(1, 2 ** 31 - 1);
    const [row] = await session.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [PROCESS_LOCKS, id]);
    if (row?.ok) return id;
  }
}
