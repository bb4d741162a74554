import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMIT_STATES } from '../../schemas';
import { seedBench } from '../../server/seed/bench';
import { runSyncMaintenance } from '../../server/sync/purge';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { buildDraft, personnelIdOf, Replica } from './syncFactories';

describe.each(DATABASE_KINDS)('bench seed and sync maintenance on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('seeds realistic permits in every state, each with its approvals, that a replica pulls', async () => {
    expect(await seedBench(server.db, { permits: 400, workOrders: 60, days: 14, seed: 7 })).toEqual({ permits: 400, workOrders: 60 });
    const states = await server.db.query<{ state: string }>('select distinct state from permits');
    expect(states.map((s) => s.state).sort()).toEqual([...PERMIT_STATES].sort());
    const [without] = await server.db.query<{ n: number }>(`select count(*)::int as n from permits where approvals = '[]'`);
    expect(without!.n).toBe(0);

    const replica = new Replica(server, await server.employeeToken('admin@demo.test'), 'permits', 'PermitInstanceId');
    await replica.pull(150);
    expect(replica.docs.size).toBe(400);
    const permit = [...replica.docs.values()].find((p) => (p.permitTypes as { Name: string }[])[0]!.Name === 'HotWork')!;
    expect(permit).toMatchObject({
      PermitInstanceReferenceId: expect.stringMatching(/^BAY-HW-\d{6}$/),
      ContentJSON: { HotWork: expect.objectContaining({ jobDescription: expect.any(String), fireWatch: expect.any(Object), gasTests: expect.any(Array) }) },
      workDescription: [{ parentForm: 'HotWork', workDescription: expect.any(String) }],
      companyName: expect.any(String),
    });
    const definitions = new Replica(server, await server.employeeToken('admin@demo.test'), 'definitions', 'PermitDefinitionId');
    await definitions.pull();
    expect([...definitions.docs.keys()]).toEqual(['bench-site-1-v1']);
  });

  it('expires drafts after 7 days as tombstones, then purges tombstones past the retention', async () => {
    const owner = await personnelIdOf(server.db, 'issuer@demo.test');
    const stale = await buildDraft(server.db, owner);
    const fresh = await buildDraft(server.db, owner);
    await server.db.query(`update drafts set last_updated_on = now() - interval '8 days' where permit_instance_id = $1`, [stale]);
    const drafts = new Replica(server, await server.employeeToken('issuer@demo.test'), 'drafts', 'PermitInstanceId');
    await drafts.pull();

    expect(await runSyncMaintenance(server.db)).toEqual({ ran: true, purgedTombstones: 0, expiredDrafts: 1 });
    expect((await drafts.pull()).flatMap((p) => p.documents)).toEqual([{ PermitInstanceId: stale, DateChanged: expect.any(String), _deleted: true }]);
    expect([...drafts.docs.keys()]).toEqual([fresh]);

    const [{ horizon: before } = { horizon: '' }] = await server.db.query<{ horizon: string }>('select horizon::text from sync_purge');
    expect(await runSyncMaintenance(server.db, 0)).toMatchObject({ purgedTombstones: 1 });
    const rows = await server.db.query('select 1 from drafts where permit_instance_id = $1', [stale]);
    expect(rows).toHaveLength(0);
    const [{ horizon: after } = { horizon: '' }] = await server.db.query<{ horizon: string }>('select horizon::text from sync_purge');
    expect(after).not.toBe(before);
  });

  it('forgets idempotency keys after 7 days', async () => {
    await server.db.query(`insert into idempotency_keys (personnel_id, key, request_hash, status_code, created_at) values (1, 'old', 'h', 200, now() - interval '8 days'), (1, 'new', 'h', 200, now())`);
    await runSyncMaintenance(server.db);
    const keys = await server.db.query<{ key: string }>('select key from idempotency_keys where personnel_id = 1');
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });
});
