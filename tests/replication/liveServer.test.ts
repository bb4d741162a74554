import { BehaviorSubject } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Preferences } from '../../schemas';
import { appendToOutbox } from '../../replication/outbox';
import type { ReplicaDatabase } from '../../replication/replica';
import { PULL_HOLD_WHILE_SENDING_MS, startSync, type SyncEngine } from '../../replication/sync';
import { readCollectionState } from '../../replication/syncState';
import { startTestServer, type TestServer } from '../server/harness';
import { listen, recordingFetch, testClient, waitFor } from './helpers';
import { openTestReplica } from './replica';

const ISSUER = 'issuer@demo.test';
const FAST = { outbox: { baseMs: 20, capMs: 100 }, stream: { baseMs: 20, capMs: 100 } };

describe('the replica against the real server', () => {
  let server: TestServer;
  let baseUrl: string;
  let token: string;
  let personnelId: number;
  let db: ReplicaDatabase;
  let engine: SyncEngine | undefined;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    baseUrl = await listen(server);
    token = await server.employeeToken(ISSUER);
    personnelId = (await server.request({ method: 'GET', url: `/api/user?Email=${ISSUER}`, token })).json().PersonnelId;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    db = await openTestReplica();
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await db.remove();
  });

  const start = (online$ = new BehaviorSubject(true)) => {
    const recorder = recordingFetch((request) => fetch(request.url, { method: request.method, headers: request.headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) }));
    engine = startSync({ db, owner: ISSUER, http: testClient(recorder.fetch, baseUrl, token), backoff: FAST, online$ });
    return recorder;
  };

  it('pulls every collection to the end, sending each checkpoint back as it came, microseconds and all', async () => {
    const { requests } = start();
    await waitFor(async () => (await readCollectionState(db, 'sitedata')).firstSyncDone, 15_000, 'the first sync of sitedata');
    const locations = await db.sitedata.find({ selector: { type: 'location' } }).exec();
    expect(locations.map((d) => d.id)).toContain('location:110');
    const preferences = await db.sitedata.findOne('preferences').exec();
    expect(preferences?.data).toMatchObject({ PersonnelId: personnelId, HomeLocationId: 110 });

    // A change on the server reaches the replica through the stream, and the pull continues from the stored checkpoint.
    const before = requests.length;
    const filter = { Id: 'live', Name: 'Made on another device', Active: true, Filter: { State: ['APPROVED'] } };
    const saved = await server.request({ method: 'POST', url: '/api/userpref', token, payload: { PersonnelId: personnelId, Filters: [filter] } });
    expect(saved.statusCode).toBe(200);
    const savedFilters = async () => ((await db.sitedata.findOne('preferences').exec())?.data as Preferences).Filters.SearchPermits ?? [];
    await waitFor(async () => (await savedFilters()).some((f) => f.Id === 'live'), 10_000, 'the change to arrive');
    // The stream's event makes the replica pull again, from the checkpoint it stored.
    const continued = await waitFor(() => requests.slice(before).find((r) => r.url.pathname.endsWith('/sync/sitedata') && r.url.searchParams.has('checkpoint')), 10_000, 'a pull after the change');
    const sent = JSON.parse(continued.url.searchParams.get('checkpoint')!) as { DateChanged: string };
    expect(sent.DateChanged).toMatch(/\.\d{6}Z$/);
  });

  it('sends a queued change with its Idempotency-Key, and a resend of it is only replayed', async () => {
    const { requests } = start();
    const entry = await appendToOutbox(db, ISSUER, { method: 'POST', path: '/userpref', body: { PersonnelId: personnelId, FavouritePrinters: [2] }, label: 'Favourite printers' });
    await waitFor(async () => (await db.outbox.findOne(entry.id).exec())?.status === 'done', 10_000, 'the entry to be sent');
    const sent = requests.find((r) => r.url.pathname.endsWith('/userpref'));
    expect(sent?.headers['idempotency-key']).toBe(entry.id);

    const replay = await server.request({ method: 'POST', url: '/api/userpref', token, headers: { 'idempotency-key': entry.id }, payload: entry.body as object });
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps a change the server refuses in the "Not synced" list with the server’s sentence', async () => {
    start();
    const refused = await appendToOutbox(db, ISSUER, { method: 'POST', path: '/userpref', body: { PersonnelId: personnelId, HomeLocationId: 122 }, label: 'Home location' });
    const next = await appendToOutbox(db, ISSUER, { method: 'POST', path: '/userpref', body: { PersonnelId: personnelId, FavouritePrinters: [] }, label: 'Favourite printers' });
    await waitFor(async () => (await db.outbox.findOne(next.id).exec())?.status === 'done', 10_000, 'the queue to move past the refusal');
    const doc = await db.outbox.findOne(refused.id).exec();
    expect(doc?.status).toBe('refused');
    expect(doc?.lastError).toMatch(/cannot be your home location/);
  });

  it('pulls the changes its own queued requests make once they are sent, not after each one', async () => {
    const online$ = new BehaviorSubject(true);
    const { requests } = start(online$);
    await waitFor(async () => (await readCollectionState(db, 'sitedata')).firstSyncDone, 15_000, 'the first sync of sitedata');
    online$.next(false);
    const filters = Array.from({ length: 30 }, (_, i) => ({ Id: 'shift', Name: `Shift filter ${i}`, Active: true, Filter: { State: ['APPROVED'] } }));
    for (const filter of filters) {
      await appendToOutbox(db, ISSUER, { method: 'POST', path: '/userpref', body: { PersonnelId: personnelId, Filters: [filter] }, label: 'Saved filter' });
    }
    const before = requests.length;
    const started = Date.now();
    online$.next(true);
    // Each request changes the user's preferences (sitedata), and the stream tells each change.
    await waitFor(async () => (await db.outbox.find({ selector: { status: 'pending' } }).exec()).length === 0, 15_000, 'the queue to be sent');
    const sendingMs = Date.now() - started;
    const sent = requests.slice(before);
    const [first, last] = [sent.findIndex((r) => r.url.pathname.endsWith('/userpref')), sent.findLastIndex((r) => r.url.pathname.endsWith('/userpref'))];
    const pullsMeanwhile = sent.slice(first, last).filter((r) => r.url.pathname.endsWith('/sync/sitedata')).length;
    expect(last - first).toBeGreaterThanOrEqual(filters.length - 1);
    // A change told while the queue was being sent waited for it, or for the hold at most.
    expect(pullsMeanwhile).toBeLessThanOrEqual(1 + Math.floor(sendingMs / PULL_HOLD_WHILE_SENDING_MS));
    // Once the queue is sent, one pull brings the last of them.
    const savedFilters = async () => ((await db.sitedata.findOne('preferences').exec())?.data as Preferences).Filters.SearchPermits ?? [];
    await waitFor(async () => (await savedFilters()).some((f) => f.Name === 'Shift filter 29'), 10_000, 'the last change to be pulled');
  });
});
