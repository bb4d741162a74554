/**
 * Issue 12 §4, the pulls: the real replication module pulling from the real server over HTTP
 * (in this process, so the test can age its database) through a proxy that cuts connections.
 * A page cut mid-answer, and a device back after a week away while the server changed: either
 * way the replica ends holding exactly what the server gives that user, no more, no less.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PULLED_COLLECTIONS } from '../../schemas';
import { runSyncMaintenance } from '../../server/sync/purge';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../server/harness';
import { createBody } from '../server/permitFactories';
import { personnelIdOf } from '../server/syncFactories';
import { listen, waitFor } from '../replication/helpers';
import { CONTRACTOR, openDevice, type Device } from './device';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { pulledView, replicaView } from './serverView';

const isPermitsPull = (line: string) => line.startsWith('GET /api/sync/permits?');
const checkpointOf = (line: string) => new URL(line.split(' ')[1]!, 'http://x').searchParams.get('checkpoint');

describe.each(DATABASE_KINDS)('pulls through faults on %s', { timeout: 3 * 60_000 }, (kind) => {
  let server: TestServer;
  let proxy: FaultProxy;
  let token: string;
  let device: Device | null = null;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { permits: true });
    const url = await listen(server);
    proxy = await startFaultProxy(Number(new URL(url).port));
    token = await server.contractorToken(CONTRACTOR);
  }, 120_000);
  afterEach(async () => {
    await device?.remove();
    device = null;
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const apiUrl = () => `${proxy.url}/api`;
  const serverApi = () => `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}/api`;

  /** The replica holds what a pull from scratch gives the user now, collection by collection. */
  async function expectServerView(d: Device) {
    for (const collection of PULLED_COLLECTIONS) {
      const expected = await pulledView(serverApi(), token, collection);
      await waitFor(async () => {
        const held = await replicaView(d.db, collection);
        return held.size === expected.size && [...expected].every(([key, date]) => held.get(key) === date);
      }, 60_000, `the replica's ${collection} to be the server's (${expected.size} documents)`);
    }
  }

  it('a page cut in the middle of its answer: the pull goes on from the last page stored, and nothing is missing or extra', async () => {
    // More than one page (1,000 a page): the cut falls on the second, read while the first is stored,
    // a kilobyte into its answer (sent compressed: a few kilobytes in all).
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, state, created_by, site_id, location_id)
       select 'bulk-' || lpad(i::text, 5, '0'), 'bayport-permits-v2', 'PENDING', $1, 1, 111 from generate_series(1, 1500) as i`,
      [await personnelIdOf(server.db, CONTRACTOR)],
    );
    device = await openDevice();
    const cut = proxy.arm({ kind: 'cut-response', match: (line) => isPermitsPull(line) && checkpointOf(line) !== null, bytes: 1_000 });
    const seen = proxy.requests.length;
    device.start(apiUrl(), token);
    const cutLine = await cut;
    await expectServerView(device);
    const pulls = proxy.requests.slice(seen).filter(isPermitsPull);
    const after = pulls[pulls.indexOf(cutLine) + 1];
    // The retry asks again from where the cut page began: the stored pages' end, not past it, not from scratch.
    expect(after && checkpointOf(after)).toBe(checkpointOf(cutLine));
  });

  it('a device back after a week away, while permits were made, edited, moved out of its sight and drafts deleted and expired: the catch-up pull makes the replica the server’s view', async () => {
    const call = async (method: string, url: string, payload?: object) => {
      const response = await server.request({ method: method as 'POST', url: `/api${url}`, token, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    };
    const draft = (id: string) => call('POST', `/permits/draft/${id}`, { PermitInstanceId: id, PermitContent: { HotWork: {} }, PermitDefinitionId: 'bayport-permits-v2', LocationId: 111, SiteId: 1 });
    const [deletedDraft, expiringDraft, keptDraft] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const id of [deletedDraft, expiringDraft, keptDraft]) await draft(id);
    const edited = (await call('POST', '/permitcontentofdef', createBody({ submit: false }))).json().PermitInstance.PermitInstanceId as string;
    const moved = (await call('POST', '/permitcontentofdef', createBody({ submit: false }))).json().PermitInstance.PermitInstanceId as string;
    // What the device holds dates from a week ago: its checkpoints will be a week old.
    await server.db.exec(`
      alter table permits disable trigger permits_stamp; alter table drafts disable trigger drafts_stamp;
      update permits set date_changed = date_changed - interval '7 days', created_on = created_on - interval '7 days';
      update drafts set date_changed = date_changed - interval '7 days';
      alter table permits enable trigger permits_stamp; alter table drafts enable trigger drafts_stamp;`);

    device = await openDevice();
    device.start(apiUrl(), token);
    await expectServerView(device);
    await device.stop();

    // The week: new permits, an edit, a permit moved to the other site (out of the contractor's sight), a draft
    // deleted on another device, one left untouched past the 7 days drafts are kept, then removed by the server.
    const made: string[] = [];
    for (let i = 0; i < 20; i++) made.push((await call('POST', '/permitcontentofdef', createBody({ content: { HotWork: { jobDescription: `Week job ${i}` } } }))).json().PermitInstance.PermitInstanceId);
    await call('PATCH', `/permitcontent?PermitInstanceId=${edited}`, { ops: [{ op: 'add', path: '/HotWork/jobDescription', value: 'Changed while the device was away' }] });
    const [northfield] = await server.db.query<{ location_id: number }>('select location_id from locations where site_id = 2 order by location_id limit 1');
    await server.db.query('update permits set location_id = $2, site_id = 2 where permit_instance_id = $1', [moved, northfield!.location_id]);
    await call('DELETE', `/permits/draft/${deletedDraft}`);
    await server.db.query(`update drafts set last_updated_on = now() - interval '8 days' where permit_instance_id = $1`, [expiringDraft]);
    expect((await runSyncMaintenance(server.db)).expiredDrafts).toBe(1);

    device.start(apiUrl(), token);
    await expectServerView(device);
    const permits = await replicaView(device.db, 'permits');
    for (const id of made) expect(permits.has(id)).toBe(true);
    expect(permits.has(moved)).toBe(false);
    expect((await device.db.permits.findOne(edited).exec())?.ContentJSON).toMatchObject({ HotWork: { jobDescription: 'Changed while the device was away' } });
    expect([...(await replicaView(device.db, 'drafts')).keys()]).toEqual([keptDraft]);
  });
});
