import pg from 'pg';
import type { Database } from './database';
import { createPgListener } from './pgListener';

// Keep bigint counters and timestamps exact: DateChanged needs microseconds (DESIGN.md §4).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** A PostgreSQL server, for scale: any number of stateless app instances share it. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that drops (database restart, failover) is discarded and replaced on
  // demand; without a listener its error would end the process.
  pool.on('error', () => {});
  // pool.end() resolves before its connections have closed: track them, so close() means closed.
  const connections = new Set<pg.Client>();
  pool.on('connect', (client) => connections.add(client));
  pool.on('remove', (client) => connections.delete(client));
  // Fail at start, with the server's own words, rather than on the first request.
  await pool.query('select 1');
  const listener = createPgListener(connectionString);
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work, mode = 'write') {
      const client = await pool.connect();
      try {
        // One round trip rather than begin then set transaction: pulls open one per request.
        await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin');
        const result = await work({
          async query<T>(sql: string, params?: unknown[]) {
            return (await client.query(sql, params)).rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    close: async () => {
      await listener.close();
      const closed = new Promise<void>((resolve) => {
        const check = () => connections.size === 0 && resolve();
        pool.on('remove', check);
        check();
      });
      await pool.end();
      await closed;
    },
  };
}
