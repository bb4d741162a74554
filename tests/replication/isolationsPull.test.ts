import { BehaviorSubject } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import { startTestServer, type TestServer } from '../server/harness';
import { listen, testClient, waitFor } from './helpers';
import { openTestReplica } from './replica';

const ISSUER = 'issuer@demo.test';
const FAST = { outbox: { baseMs: 20, capMs: 100 }, stream: { baseMs: 20, capMs: 100 } };

describe('isolation certificates in the replica', () => {
  let server: TestServer;
  let baseUrl: string;
  let token: string;
  let db: ReplicaDatabase;
  let engine: SyncEngine;

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { permits: true });
    baseUrl = await listen(server);
    token = await server.employeeToken(ISSUER);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    db = await openTestReplica();
    engine = startSync({ db, owner: ISSUER, http: testClient(fetch, baseUrl, token), backoff: FAST, online$: new BehaviorSubject(true) });
  });
  afterEach(async () => {
    await engine.stop();
    await db.remove();
  });

  it('pulls the certificates of the locations the user views, with their points and permits, and a change on the server arrives live', async () => {
    const held = await waitFor(async () => (await db.isolations.findOne('demo-ic-p101').exec()) ?? undefined, 20_000, 'the first sync of isolations');
    expect(held.toJSON()).toMatchObject({ State: 'VERIFIED', ReferenceId: expect.stringMatching(/^IC-\d{4}-\d{6}$/) });
    expect(held.Points.map((p) => p.Tag)).toEqual(['MCC-3-B12', '10-XV-1012', '10-XV-1013']);
    expect(held.Permits.length).toBeGreaterThan(0);

    const planned = await server.request({ method: 'POST', url: '/api/isolations/step', token, payload: { IsolationCertificateId: 'demo-ic-e104', Action: 'cancel' } });
    expect(planned.statusCode, planned.body).toBe(200);
    await waitFor(async () => (await db.isolations.findOne('demo-ic-e104').exec())?.State === 'CANCELLED', 10_000, 'the cancellation to arrive');
  });
});
