import pg from 'pg';
import { writeTransaction, type Database } from './database';
import { createPgListener } from './pgListener';
import { lockProcessId } from './processLiveness';

// Keep bigint counters and timestamps exact: DateChanged needs microseconds (DESIGN.md §4).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A PostgreSQL server, for scale: any number of stateless app instances share it. Queries and
 * transactions go through `connectionString` (PgBouncer in transaction mode will do); LISTEN and
 * the process lock hold a session, so they take `sessionString`, a direct connection.
 */
export async function openPostgres(connectionString: string, sessionString = connectionString): Promise<Database> {
  // No JIT: the app's statements are short, and a misestimated plan (a small table never
  // analyzed) was compiled on every run at ~100× its cost (tests/server/syncClock.test.ts).
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  // An idle connection that drops (database restart, failover) is discarded and replaced on
  // demand; without a listener its error would end the process.
  pool.on('error', () => {});
  // pool.end() resolves before its connections have closed: track them, so close() means closed.
  const connections = new Set<pg.Client>();
  pool.on('connect', (client) => connections.add(client));
  pool.on('remove', (client) => connections.delete(client));
  // Fail at start, with the server's own words, rather than on the first request.
  await pool.query('select 1');
  const listener = createPgListener(sessionString);
  const liveness = processLock(sessionString);
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return takeRows<T>(await pool.query(sql, params));
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work, mode = 'write') {
      // A snapshot reads only: no idempotency mark to write before its commit.
      const write = mode === 'write' ? writeTransaction() : undefined;
      const client = await pool.connect();
      let released = false;
      try {
        // One round trip rather than begin then set transaction: pulls open one per request.
        await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin');
        const tx = {
          async query<T>(sql: string, params?: unknown[]) {
            return takeRows<T>(await client.query(sql, params));
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        };
        write?.begin(tx);
        const result = await work(tx);
        await write?.end(tx);
        if (mode === 'snapshot') {
          // A read-only snapshot has nothing to make durable: what it read is the answer whatever
          // its end says, so a pull page does not wait one more round trip for it. The connection
          // goes back to the pool once ended, or is discarded if that failed.
          released = true;
          client.query('commit').then(() => client.release(), (error: Error) => client.release(error));
          return result;
        }
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        if (!released) client.release();
      }
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    processId: liveness.id,
    close: async () => {
      await listener.close();
      await liveness.close();
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

/**
 * A result's rows, taken out of it. A result that lives through young-generation collections
 * while its rows arrive moves to the old generation, and V8's scavenges take whatever an old
 * object points to for live until the next full collection: the rows of a 1.6 MB pull page
 * (issue 13) were copied and promoted by scavenges long after their request had ended, and the
 * old generation filled with dead pages.
 */
function takeRows<T>(result: pg.QueryResult): T[] {
  const { rows } = result;
  result.rows = [];
  return rows as T[];
}

/**
 * The connection that holds this process's liveness lock (processLiveness.ts), opened on first
 * use. Lost, it is opened again with a new id on next use: meanwhile other processes see this one
 * as gone and may take over its idempotency claims, which their fencing makes safe.
 */
function processLock(connectionString: string) {
  let held: Promise<{ client: pg.Client; id: number }> | null = null;
  function open() {
    // Keepalives: a machine that vanishes (power cut) sends no FIN; the database notices within ~25 s.
    const client = new pg.Client({ connectionString, keepAlive: true, options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3' });
    const opening = (async () => {
      await client.connect();
      return { client, id: await lockProcessId({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] }) };
    })();
    const lost = () => {
      if (held === opening) held = null;
    };
    const failed = () => {
      lost();
      void client.end().catch(() => {});
    };
    client.on('end', lost);
    client.on('error', failed);
    opening.catch(failed);
    return opening;
  }
  return {
    id: async () => (await (held ??= open())).id,
    async close(): Promise<void> {
      const last = held;
      held = null;
      const opened = await last?.catch(() => null);
      await opened?.client.end().catch(() => {});
    },
  };
}
