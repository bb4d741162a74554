import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { Replica } from './syncFactories';

const INSERT = `insert into permits (permit_instance_id, permit_definition_id, state, created_by, site_id, location_id)
                values ($1, 'hot-work-v1', 'PENDING', 1001, 1, 111)`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * DESIGN.md §4.5 on a real PostgreSQL: a checkpoint is only safe if no transaction can commit
 * later with an earlier DateChanged. Needs DATABASE_URL (CI sets it).
 */
describe.runIf(process.env.DATABASE_URL)('commit-ordered DateChanged on postgres', () => {
  let server: TestServer;
  let token: string;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    server = await startTestServer('postgres');
    token = await server.employeeToken('issuer@demo.test');
    for (let i = 0; i < 16; i++) clients.push(await connect(server.databaseUrl!));
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    await server.close();
  });

  it('a second writer waits for the first to commit, so it cannot commit with an earlier stamp', async () => {
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query('begin');
    await a.query(INSERT, ['order-a']);
    let bDone = false;
    const bWrites = (async () => {
      await b.query('begin');
      await b.query(INSERT, ['order-b']);
      await b.query('commit');
      bDone = true;
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bDone).toBe(false);
    await a.query('commit');
    await bWrites;
    const rows = await server.db.query<{ id: string }>(
      `select permit_instance_id as id from permits where permit_instance_id like 'order-%' order by date_changed`,
    );
    expect(rows.map((r) => r.id)).toEqual(['order-a', 'order-b']);
  });

  it('a client pulling in a loop while many writers commit ends with every row', async () => {
    const replica = new Replica(server, token, 'permits', 'PermitInstanceId');
    await replica.pull();
    const written: string[] = [];
    let writing = true;
    let pulls = 0;

    // Writers go on until the puller has pulled a few times while they commit: on a busy
    // machine one pull could otherwise span all the writes and prove nothing.
    const writer = async (client: pg.Client, w: number) => {
      for (let t = 0; t < 8 || pulls < 4; t++) {
        await client.query('begin');
        for (let r = 0; r < 2; r++) {
          const id = `w${w}-t${t}-r${r}`;
          await client.query(INSERT, [id]);
          written.push(id);
        }
        // Some transactions stay open a while after taking their stamp: the case that breaks
        // a clock of now() or a sequence, where a later stamp commits first.
        if ((w + t) % 3 === 0) await client.query('select pg_sleep($1)', [0.005 + ((w * 7 + t) % 5) * 0.005]);
        await client.query('commit');
      }
    };
    const puller = (async () => {
      while (writing) {
        await replica.pull(5);
        pulls++;
      }
    })();
    await Promise.all(clients.map(writer));
    writing = false;
    await puller;
    await replica.pull(5);

    expect(written.length).toBeGreaterThanOrEqual(200);
    expect(pulls).toBeGreaterThan(3);
    const missing = written.filter((id) => !replica.docs.has(id));
    expect(missing).toEqual([]);
  });

  it('the same puller misses a row when the clock is a plain now(): the check above can fail', async () => {
    const [original] = await server.db.query<{ definition: string }>(`select pg_get_functiondef('sync_stamp'::regproc) as definition`);
    await server.db.exec(`create or replace function sync_stamp() returns timestamptz language sql as 'select now()'`);
    try {
      const replica = new Replica(server, token, 'permits', 'PermitInstanceId');
      await replica.pull(1000);
      const [a, b] = clients as [pg.Client, pg.Client];
      await a.query('begin');
      await a.query(INSERT, ['naive-a']);
      await b.query(INSERT, ['naive-b']);
      await replica.pull();
      await a.query('commit');
      await replica.pull();
      expect(replica.docs.has('naive-b')).toBe(true);
      expect(replica.docs.has('naive-a')).toBe(false);
    } finally {
      await server.db.exec(original!.definition);
    }
  });
});
