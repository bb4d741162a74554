import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSyncMaintenance } from '../../server/sync/purge';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { buildDefinition, buildDraft, buildPermit, buildTemplate, buildWorkOrder, personnelIdOf, pullOnce, Replica } from './syncFactories';

describe.each(DATABASE_KINDS)('sync pulls of the other collections on %s', (kind) => {
  let server: TestServer;
  let issuer: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    issuer = await server.employeeToken('issuer@demo.test');
  });
  afterAll(() => server.close());

  it('work orders: the site of the home location, scheduled 3 weeks ago to 1 week ahead', async () => {
    const replica = new Replica(server, issuer, 'workorders', 'workOrderNumber');
    await replica.pull();
    const docs = [...replica.docs.values()];
    // The demo seed: 20 at Bayport, two of them 9 and 12 days ahead, 16 at Northfield.
    expect(docs).toHaveLength(18);
    expect(docs.every((d) => d.siteId === 1)).toBe(true);
    expect(docs[0]).toMatchObject({ sourceSystem: 'SAP', workOrderStatus: [expect.any(String)], operations: expect.any(Array), scheduledStart: expect.stringMatching(/Z$/) });

    const later = await buildWorkOrder(server.db, { daysFromNow: 3 });
    await buildWorkOrder(server.db, { daysFromNow: 30 });
    await buildWorkOrder(server.db, { siteId: 2 });
    expect((await replica.pull()).flatMap((p) => p.documents).map((d) => d.workOrderNumber)).toEqual([later]);

    await server.db.query(`update workorders set scheduled_start = now() + interval '40 days' where work_order_number = $1`, [later]);
    const [moved] = (await replica.pull()).flatMap((p) => p.documents);
    expect(moved).toEqual({ workOrderNumber: later, DateChanged: expect.any(String), _deleted: true });
  });

  it('templates of the site and the user’s own drafts, with their tombstones', async () => {
    const own = await personnelIdOf(server.db, 'issuer@demo.test');
    const other = await personnelIdOf(server.db, 'viewer@demo.test');
    const template = await buildTemplate(server.db, 1);
    await buildTemplate(server.db, 2);
    const draft = await buildDraft(server.db, own);
    await buildDraft(server.db, other);

    const templates = new Replica(server, issuer, 'templates', 'PermitTemplateId');
    const drafts = new Replica(server, issuer, 'drafts', 'PermitInstanceId');
    await templates.pull();
    await drafts.pull();
    expect([...templates.docs.keys()]).toEqual([template]);
    expect(templates.docs.get(template)).toMatchObject({ Name: 'Tank entry', ContentJSON: '{"ConfinedSpace": {}}', State: 'DRAFT', SiteId: 1, CreatedBy: { FirstName: 'Alex' } });
    expect([...drafts.docs.keys()]).toEqual([draft]);
    expect(drafts.docs.get(draft)).toMatchObject({ LocationId: 111, PermitContent: { HotWork: {} }, ContentState: '', LastUpdatedOn: expect.any(String) });

    await server.db.query('update drafts set deleted = true where permit_instance_id = $1', [draft]);
    expect((await drafts.pull()).flatMap((p) => p.documents)).toEqual([{ PermitInstanceId: draft, DateChanged: expect.any(String), _deleted: true }]);
  });

  it('definitions referenced by permits in scope or by the metadata of the user’s locations, even when published earlier', async () => {
    await buildDefinition(server.db, 'bayport-v1', 100);
    await buildDefinition(server.db, 'bayport-old', 100);
    await buildDefinition(server.db, 'northfield-v1', 200);
    await server.db.query(`update location_metadata set metadata = metadata || '{"PermitDefinitionId": "bayport-v1"}' where location_id = 100`);
    const replica = new Replica(server, issuer, 'definitions', 'PermitDefinitionId');
    await replica.pull();
    expect([...replica.docs.keys()]).toEqual(['bayport-v1']);
    expect(replica.docs.get('bayport-v1')).toMatchObject({ LocationId: 100, DefinitionMetadataJSON: { Forms: [expect.objectContaining({ Name: 'HotWork' })] } });

    // A permit copied from an older definition brings that definition into the replica.
    await buildPermit(server.db, { locationId: 111, definitionId: 'bayport-old' });
    expect((await replica.pull()).flatMap((p) => p.documents).map((d) => d.PermitDefinitionId)).toEqual(['bayport-old']);
  });

  it('sitedata: the location tree, the metadata in force and printers where the user works, settings, their own preferences', async () => {
    const viewer = await server.employeeToken('viewer@demo.test');
    const replica = new Replica(server, viewer, 'sitedata', 'id');
    await replica.pull(5);
    const ids = [...replica.docs.keys()];
    expect(ids.filter((id) => id.startsWith('location:'))).toHaveLength(14);
    expect(ids.filter((id) => id.startsWith('locationmetadata:')).sort()).toEqual(['locationmetadata:110', 'locationmetadata:111', 'locationmetadata:112']);
    expect(replica.docs.get('locationmetadata:111')).toMatchObject({ type: 'locationmetadata', data: { LocationId: 111, UsesWorkOrders: true, CopyEnabled: true } });
    const printers = ids.filter((id) => id.startsWith('printer:')).map((id) => (replica.docs.get(id)!.data as { Name: string }).Name);
    expect(printers.sort()).toEqual(['Bayport Control Room', 'Crude Unit Office']);
    expect(replica.docs.get('setting:outagewarningbanner')).toMatchObject({ type: 'setting', data: { Title: 'Planned maintenance' } });
    expect(replica.docs.get('setting:outagebanner')).toMatchObject({ type: 'setting', data: null });
    expect(replica.docs.get('preferences')).toMatchObject({ type: 'preferences', data: { PersonnelId: await personnelIdOf(server.db, 'viewer@demo.test'), HomeLocationId: 110 } });
    expect(ids.filter((id) => id.startsWith('preferences'))).toEqual(['preferences']);

    await server.db.query(`update remote_settings set value = '{"Title": "Outage", "Message": "Down"}' where key = 'outagebanner'`);
    await server.db.query(`update printers set deleted = true where name = 'Crude Unit Office'`);
    const changes = (await replica.pull()).flatMap((p) => p.documents);
    expect(changes).toEqual([
      expect.objectContaining({ id: 'setting:outagebanner', data: { Title: 'Outage', Message: 'Down' } }),
      { id: expect.stringMatching(/^printer:/), DateChanged: expect.any(String), _deleted: true },
    ]);
  });

  it('a checkpoint from before the home location changed answers resync; so does one before the purge horizon', async () => {
    const token = await server.employeeToken('nohome@demo.test');
    const personnelId = await personnelIdOf(server.db, 'nohome@demo.test');
    await server.request({ method: 'POST', url: '/api/userpref', token, payload: { PersonnelId: personnelId, HomeLocationId: 110 } });
    const permits = new Replica(server, token, 'permits', 'PermitInstanceId');
    await permits.pull();
    const before = permits.checkpoint;

    await server.request({ method: 'POST', url: '/api/userpref', token, payload: { PersonnelId: personnelId, HomeLocationId: 111 } });
    expect(await pullOnce(server, token, 'permits', before)).toEqual({ documents: [], checkpoint: null, remaining: 0, resync: true });

    const fresh = new Replica(server, token, 'permits', 'PermitInstanceId');
    await fresh.pull();
    const old = fresh.checkpoint!;
    const gone = await buildPermit(server.db, { locationId: 111 });
    await server.db.query('update permits set deleted = true where permit_instance_id = $1', [gone]);
    expect((await pullOnce(server, token, 'permits', old)).resync).toBe(false);
    expect(await runSyncMaintenance(server.db, 0)).toMatchObject({ ran: true, purgedTombstones: expect.any(Number) });
    expect((await pullOnce(server, token, 'permits', old)).resync).toBe(true);
    const again = new Replica(server, token, 'permits', 'PermitInstanceId');
    await again.pull();
    expect((await pullOnce(server, token, 'permits', again.checkpoint)).resync).toBe(false);
  });

  it('a permits checkpoint of the release before the permits carried their approvals answers resync', async () => {
    const token = await server.employeeToken('viewer@demo.test');
    const permits = new Replica(server, token, 'permits', 'PermitInstanceId');
    await permits.pull();
    expect((await pullOnce(server, token, 'permits', permits.checkpoint)).resync).toBe(false);
    // Until 015_permit_approvals.sql the permits' scope was the definitions' fingerprint.
    const definitions = await pullOnce(server, token, 'definitions');
    const before = { ...permits.checkpoint!, scope: definitions.checkpoint!.scope };
    expect(await pullOnce(server, token, 'permits', before)).toEqual({ documents: [], checkpoint: null, remaining: 0, resync: true });
  });

  it('a permits checkpoint of the release before the permits carried their history answers resync; the permits now do', async () => {
    const token = await server.employeeToken('viewer@demo.test');
    const permits = new Replica(server, token, 'permits', 'PermitInstanceId');
    await permits.pull();
    expect(permits.docs.size).toBeGreaterThan(0);
    expect([...permits.docs.values()].every((p) => Array.isArray((p as { History?: unknown }).History))).toBe(true);
    // The permits' fingerprint with the shape of 015_permit_approvals.sql (server/sync/scope.ts PERMIT_SHAPE 2).
    const definitions = await pullOnce(server, token, 'definitions');
    const shape2 = createHash('sha256').update(JSON.stringify([definitions.checkpoint!.scope, 2])).digest('base64url').slice(0, 22);
    const before = { ...permits.checkpoint!, scope: shape2 };
    expect(await pullOnce(server, token, 'permits', before)).toEqual({ documents: [], checkpoint: null, remaining: 0, resync: true });
  });

  it('moves a quiet collection’s checkpoint up to the clock, so it does not age past the horizon', async () => {
    const contractor = await server.contractorToken('contractor@demo.test');
    const first = await pullOnce(server, contractor, 'templates');
    await buildPermit(server.db, { locationId: 211 });
    const second = await pullOnce(server, contractor, 'templates', first.checkpoint);
    expect(second.documents).toEqual([]);
    expect(second.checkpoint!.DateChanged > first.checkpoint!.DateChanged).toBe(true);
  });

  it('refuses a malformed checkpoint or an unknown collection with a sentence', async () => {
    for (const url of ['/api/sync/permits?checkpoint=yesterday', '/api/sync/permits?checkpoint={"DateChanged":"2026-01-01","id":"x"}', '/api/sync/permits?limit=0']) {
      const response = await server.request({ method: 'GET', url: encodeURI(url), token: issuer });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/^(The checkpoint is not one this server gave|limit must be at least 1)\b.*\.$/);
    }
    const unknown = await server.request({ method: 'GET', url: '/api/sync/users', token: issuer });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no collection "users" to sync. The collections are permits, drafts, workorders, templates, definitions, sitedata, isolations, gastests, handovers.');
  });
});
