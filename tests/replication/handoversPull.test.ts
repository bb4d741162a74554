import { BehaviorSubject } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import { startTestServer, type TestServer } from '../server/harness';
import { listen, testClient, waitFor } from './helpers';
import { openTestReplica } from './replica';

const ISSUER = 'issuer@demo.test';
const FAST = { outbox: { baseMs: 20, capMs: 100 }, stream: { baseMs: 20, capMs: 100 } };

describe('handovers in the replica', () => {
  let server: TestServer;
  let baseUrl: string;
  let db: ReplicaDatabase;
  let engine: SyncEngine;

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { permits: true });
    baseUrl = await listen(server);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    db = await openTestReplica();
    engine = startSync({ db, owner: ISSUER, http: testClient(fetch, baseUrl, await server.employeeToken(ISSUER)), backoff: FAST, online$: new BehaviorSubject(true) });
  });
  afterEach(async () => {
    await engine.stop();
    await db.remove();
  });

  it('pulls the handovers of the areas the user views, and a signature on the server arrives live', async () => {
    const waiting = await waitFor(async () => (await db.handovers.findOne('demo-handover-2').exec()) ?? undefined, 20_000, 'the first sync of handovers');
    expect(waiting.toJSON()).toMatchObject({ LocationId: 110, Acknowledgement: null, SubmittedBy: { Name: 'Priya Raman' } });
    expect((await db.handovers.findOne('demo-handover-1').exec())?.Acknowledgement?.By.Name).toBe('Priya Raman');

    const signed = await server.request({ method: 'POST', url: '/api/handover/acknowledge', token: await server.employeeToken('admin@demo.test'), payload: { HandoverId: 'demo-handover-2' } });
    expect(signed.statusCode, signed.body).toBe(200);
    await waitFor(async () => (await db.handovers.findOne('demo-handover-2').exec())?.Acknowledgement?.By.Name === 'Alex Morgan', 10_000, 'the signature to arrive');
  });
});
