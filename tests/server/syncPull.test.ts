import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_PERMIT_STATES, SYNC_MAX_LIMIT } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { buildApprovals, buildPermit, pullOnce, Replica } from './syncFactories';

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe.each(DATABASE_KINDS)('sync pulls of permits on %s', (kind) => {
  let server: TestServer;
  let viewer: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.employeeToken('viewer@demo.test');
  });
  afterAll(() => server.close());

  it('pages through rows written in one transaction (one DateChanged) without skipping or repeating any', async () => {
    const ids = await server.db.transaction(async (tx) => {
      const written: string[] = [];
      for (let i = 0; i < 120; i++) written.push(await buildPermit(tx, { locationId: 112 }));
      return written;
    });
    const replica = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    const pages = await replica.pull(7);

    const batch = replica.received.filter((d) => ids.includes(String(d.PermitInstanceId)));
    expect(batch).toHaveLength(120);
    expect(new Set(batch.map((d) => d.DateChanged)).size).toBe(1);
    expect(batch[0]!.DateChanged).toMatch(STAMP);
    expect(new Set(replica.received.map((d) => d.PermitInstanceId)).size).toBe(replica.received.length);
    const sorted = [...replica.received].sort((a, b) => (a.DateChanged === b.DateChanged ? 0 : a.DateChanged < b.DateChanged ? -1 : 1));
    expect(replica.received.map((d) => d.DateChanged)).toEqual(sorted.map((d) => d.DateChanged));
    expect(pages.length).toBe(Math.ceil(replica.received.length / 7));
    expect(pages.map((p) => p.remaining)).toEqual(pages.map((_, i) => Math.max(replica.received.length - 7 * (i + 1), 0)));
    expect(replica.checkpoint).toMatchObject({ DateChanged: expect.stringMatching(STAMP), scope: expect.any(String) });
  });

  it('clamps a limit above the most a page holds instead of refusing it', async () => {
    const response = await server.request({ method: 'GET', url: '/api/sync/permits?limit=5000', token: viewer });
    expect(response.statusCode).toBe(200);
    expect(response.json().documents.length).toBeLessThanOrEqual(SYNC_MAX_LIMIT);
    const huge = await server.request({ method: 'GET', url: '/api/sync/permits?limit=99999999999', token: viewer });
    expect(huge.statusCode).toBe(200);
  });

  it('continues from its checkpoint with exactly what changed after it', async () => {
    const replica = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await replica.pull();
    expect((await replica.pull()).flatMap((p) => p.documents)).toEqual([]);

    const [changed] = [...replica.docs.keys()];
    await server.db.query(`update permits set state = 'APPROVED' where permit_instance_id = $1`, [changed]);
    const added = await buildPermit(server.db, { locationId: 111, state: 'DRAFT' });
    const next = (await replica.pull()).flatMap((p) => p.documents);
    expect(next.map((d) => [d.PermitInstanceId, d.State])).toEqual([
      [changed, 'APPROVED'],
      [added, 'DRAFT'],
    ]);
    expect(next[1]).toMatchObject({
      PermitInstanceReferenceId: expect.any(String), LocationId: 111, SiteId: 1, CreatedBy: 1001, CreatedOn: expect.stringMatching(STAMP),
      ContentJSON: { HotWork: { jobDescription: 'Weld repair' } }, ContentState: '', companyName: 'Gulf Coast Welding', _deleted: false,
    });
  });

  it('sends a permit with its approvals, a deleted one as a tombstone carrying only the id; a pull from scratch has none', async () => {
    const id = await buildPermit(server.db, { locationId: 111 });
    await buildApprovals(server.db, id);
    const permits = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await permits.pull();
    expect(permits.docs.get(id)).toMatchObject({
      LocationId: 111, ApprovalSummary: { MissingApprovals: 1 }, Approvals: [expect.objectContaining({ ApprovalGroup: 'Operations' })], Comments: [],
    });

    await server.db.query('update permits set deleted = true where permit_instance_id = $1', [id]);
    const [gone] = (await permits.pull()).flatMap((p) => p.documents);
    expect(gone).toEqual({ PermitInstanceId: id, DateChanged: expect.stringMatching(STAMP), _deleted: true });

    const fresh = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await fresh.pull();
    expect(fresh.received.some((d) => d._deleted)).toBe(false);
    expect(fresh.docs.has(id)).toBe(false);
  });

  it('never sends a document of a location the user cannot view', async () => {
    const hidden = [await buildPermit(server.db, { locationId: 121 }), await buildPermit(server.db, { locationId: 211 })];
    for (const id of hidden) await buildApprovals(server.db, id);
    const seen = await buildPermit(server.db, { locationId: 110 });
    await buildApprovals(server.db, seen);

    for (const [email, viewable] of [['viewer@demo.test', [110, 111, 112]], ['contractor@demo.test', [111]], ['noaccess@demo.test', []]] as const) {
      const token = email.startsWith('contractor') ? await server.contractorToken(email) : await server.employeeToken(email);
      for (const collection of ['permits']) {
        const replica = new Replica(server, token, collection, 'PermitInstanceId');
        await replica.pull(50);
        for (const doc of replica.received) {
          if (doc._deleted) expect(Object.keys(doc).sort()).toEqual(['DateChanged', 'PermitInstanceId', '_deleted']);
          else expect(viewable, `${email} ${collection}`).toContain(doc.LocationId);
        }
        for (const id of hidden) expect(replica.received.map((d) => d.PermitInstanceId)).not.toContain(id);
        if (email === 'viewer@demo.test') expect(replica.docs.has(seen)).toBe(true);
      }
    }
  });

  it('a permit moved out of sight arrives as a tombstone, one moved into sight as the document', async () => {
    const leaving = await buildPermit(server.db, { locationId: 111, companyName: 'Secretive Contractors' });
    await buildApprovals(server.db, leaving);
    const arriving = await buildPermit(server.db, { locationId: 121 });
    const permits = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await permits.pull();
    expect(permits.docs.has(leaving)).toBe(true);

    await server.db.query('update permits set location_id = 121 where permit_instance_id = $1', [leaving]);
    await server.db.query('update permits set location_id = 112 where permit_instance_id = $1', [arriving]);
    const changes = (await permits.pull()).flatMap((p) => p.documents);
    expect(changes).toEqual([
      { PermitInstanceId: leaving, DateChanged: expect.stringMatching(STAMP), _deleted: true },
      expect.objectContaining({ PermitInstanceId: arriving, LocationId: 112, _deleted: false }),
    ]);
    expect(JSON.stringify(changes)).not.toContain('Secretive');
    expect(JSON.stringify(changes)).not.toContain('AreaAuthority');
  });

  it('holds open permits of any age and closed ones of the last 15 days, the newest 5,000 at most', async () => {
    const oldOpen = await buildPermit(server.db, { state: 'APPROVED', createdAgo: '40 days', locationId: 112 });
    const oldClosed = await buildPermit(server.db, { state: 'COMPLETED', createdAgo: '40 days', locationId: 112 });
    // Stamped 40 days ago as well: closed long ago, never touched since.
    await server.db.exec(`
      alter table permits disable trigger permits_stamp;
      update permits set date_changed = now() - interval '40 days' where permit_instance_id = '${oldClosed}';
      alter table permits enable trigger permits_stamp;`);
    const recentClosed = await buildPermit(server.db, { state: 'REVOKED', createdAgo: '3 days', locationId: 112 });
    const replica = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await replica.pull(500);
    expect(replica.docs.has(oldOpen)).toBe(true);
    expect(replica.docs.has(recentClosed)).toBe(true);
    expect(replica.docs.has(oldClosed)).toBe(false);

    // Over the cap: the 5,000 most recently created.
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, state, created_by, created_on, site_id, location_id)
       select 'bulk-' || lpad(i::text, 5, '0'), 'hot-work-v1', 'PENDING', 1001, now() - make_interval(mins => i), 1, 111
         from generate_series(1, 5001) as i`,
    );
    const first = await pullOnce(server, viewer, 'permits', null, 1);
    expect(first.remaining + first.documents.length).toBe(5000);
    const all = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await all.pull(1000);
    expect(all.docs.size).toBe(5000);
    expect(all.docs.has('bulk-05001')).toBe(false);
    expect(all.docs.has('bulk-00001')).toBe(true);

    // A live replica's catch-up after a few edits reads only the changed permits: the cap must
    // hold there too, to the permit — the 5,000th is sent, the 5,001st and older ones are not.
    const last = await server.db.query<{ id: string }>(
      `select permit_instance_id as id from permits where permit_instance_id = any($1::text[]) order by created_on, permit_instance_id desc limit 1`,
      [[...all.docs.keys()]],
    );
    const edited = [last[0]!.id, 'bulk-05001', 'bulk-00001', oldOpen, 'bulk-04000'];
    await server.db.query(`update permits set content = '{"edited": true}' where permit_instance_id = any($1::text[])`, [edited]);
    const caughtUp = (await all.pull(1000)).flatMap((p) => p.documents);
    expect(caughtUp.map((d) => d.PermitInstanceId).sort()).toEqual([last[0]!.id, 'bulk-00001', 'bulk-04000'].sort());
    expect(all.docs.size).toBe(5000);
  });

  it('keeps the newest 5,000 by creation, ties by id, with twice as many in scope, and lets newer permits push older ones out', async () => {
    // The scope as SPEC §9 defines it, written as directly as it reads: what the pulls must hold.
    const newest = async () =>
      new Set(
        (
          await server.db.query<{ id: string }>(
            `select permit_instance_id as id from permits
              where not deleted and location_id = any('{110,111,112}'::int[])
                and (state = any($1::text[]) or created_on >= now() - interval '15 days' or date_changed >= now() - interval '15 days')
              order by created_on desc, permit_instance_id limit 5000`,
            [OPEN_PERMIT_STATES],
          )
        ).map((r) => r.id),
      );
    // 10,500 more in scope, in runs of 7 created at the same moment (the cap falls among equals),
    // open, closed lately, and closed after being created 40 days ago but changed now.
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, state, created_by, created_on, site_id, location_id)
       select 'wide-' || lpad(((i * 7919) % 10500)::text, 5, '0'), 'hot-work-v1',
              (array['PENDING', 'COMPLETED', 'APPROVED', 'REVOKED'])[1 + i % 4], 1001,
              case when i % 10 = 0 then now() - interval '40 days' - make_interval(secs => i) else now() - make_interval(secs => 30 * (i / 7)) end,
              1, 110 + i % 3
         from generate_series(0, 10499) as i`,
    );
    const expected = await newest();
    expect(expected.size).toBe(5000);

    const first = await pullOnce(server, viewer, 'permits', null, 1000);
    expect(first.remaining + first.documents.length).toBe(5000);
    const replica = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    const pages = await replica.pull(1000);
    expect(pages.map((p) => p.remaining)).toEqual([4000, 3000, 2000, 1000, 0]);
    expect(new Set(replica.docs.keys())).toEqual(expected);
    expect(replica.received).toHaveLength(5000);

    // 25 newer permits push the 25 oldest out: a catch-up sends the new ones and nothing for
    // those pushed out (the replica's cleanup drops them), and an edit of one of those is not sent.
    const pushedOut = [...expected].filter((id) => !id.startsWith('push-'));
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, state, created_by, created_on, site_id, location_id)
       select 'push-' || lpad(i::text, 2, '0'), 'hot-work-v1', 'DRAFT', 1001, now() + make_interval(secs => i), 1, 111
         from generate_series(1, 25) as i`,
    );
    const after = await newest();
    const gone = pushedOut.filter((id) => !after.has(id));
    expect(gone).toHaveLength(25);
    await server.db.query(`update permits set content = '{"edited": true}' where permit_instance_id = $1`, [gone[0]]);
    const caughtUp = (await replica.pull(1000)).flatMap((p) => p.documents);
    expect(caughtUp.map((d) => d.PermitInstanceId).sort()).toEqual([...after].filter((id) => id.startsWith('push-')).sort());
    expect(caughtUp.every((d) => !d._deleted)).toBe(true);
    expect(replica.docs.size).toBe(5025);

    const fresh = new Replica(server, viewer, 'permits', 'PermitInstanceId');
    await fresh.pull(1000);
    expect(new Set(fresh.docs.keys())).toEqual(after);
  });
});
