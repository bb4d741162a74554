/**
 * Behind PgBouncer in transaction mode (issue 41), what holds a session — the change stream's
 * LISTEN and the process's lock — takes DATABASE_LISTEN_URL, a direct connection, and only it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';

const withName = (url: string, name: string) => {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
};

describe.skipIf(!process.env.DATABASE_URL)('sessions on postgres', () => {
  const tag = `openpermit-sessions-${process.pid}`;
  let db: Database;
  beforeAll(async () => {
    db = await openPostgres(withName(process.env.DATABASE_URL!, `${tag}-pool`), withName(process.env.DATABASE_URL!, `${tag}-direct`));
  });
  afterAll(() => db?.close());

  it('listens and holds its process lock on the direct connection, and queries through the pool', async () => {
    const heard: (string | null)[] = [];
    const stop = await db.listen(`${tag.replaceAll('-', '_')}`, (payload) => heard.push(payload));
    await db.processId();
    await db.query(`select pg_notify($1, 'hello')`, [tag.replaceAll('-', '_')]);
    await expect.poll(() => heard).toEqual(['hello']);
    const sessions = await db.query<{ application_name: string; locks: number }>(
      `select a.application_name, (select count(*)::int from pg_locks l where l.pid = a.pid and l.locktype = 'advisory') as locks
         from pg_stat_activity a where a.application_name like $1 order by a.application_name`,
      [`${tag}-%`],
    );
    const direct = sessions.filter((s) => s.application_name === `${tag}-direct`);
    // Two direct sessions: the LISTEN and the lock; the pool's hold neither.
    expect(direct).toHaveLength(2);
    expect(direct.reduce((n, s) => n + s.locks, 0)).toBeGreaterThan(0);
    expect(sessions.filter((s) => s.application_name === `${tag}-pool`).every((s) => s.locks === 0)).toBe(true);
    await stop();
  });
});
