import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PULLED_COLLECTIONS, type PulledCollection, type SyncPage } from '../../schemas';
import { appendToOutbox } from '../../replication/outbox';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import { forcePull, writeCollectionState } from '../../replication/syncState';
import { syncStatus$ } from '../../replication/syncStatus';
import { json, recordingFetch, testClient, waitFor } from './helpers';
import { openTestReplica } from './replica';

const OWNER = 'issuer@demo.test';
const empty: SyncPage = { documents: [], checkpoint: null, remaining: 0, resync: false };

describe('the sync status and the refresh button', () => {
  let db: ReplicaDatabase;
  let engine: SyncEngine | undefined;
  beforeEach(async () => {
    db = await openTestReplica();
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await db.remove();
  });

  it('adds up first-sync progress, and is done only when every collection is', async () => {
    const online$ = new BehaviorSubject(true);
    const status$ = syncStatus$(db, OWNER, online$);
    expect(await firstValueFrom(status$)).toMatchObject({ online: true, firstSyncDone: false, lastSyncedAt: null, pendingCount: 0, refusedCount: 0, signInNeeded: false });

    const all: PulledCollection[] = ['permits', 'drafts', 'workorders', 'templates', 'definitions', 'sitedata', 'isolations', 'gastests', 'handovers'];
    for (const c of all) await writeCollectionState(db, c, { firstSyncDone: c !== 'permits', pulled: 10, expected: c === 'permits' ? 40 : 10, lastSyncedAt: c === 'sitedata' ? 2_000 : 1_000 });
    online$.next(false);
    const status = await firstValueFrom(status$);
    expect(status).toMatchObject({ online: false, firstSyncDone: false, progress: { pulled: 90, expected: 120 }, lastSyncedAt: 2_000 });
    expect(status.collections.permits).toEqual({ firstSyncDone: false, pulled: 10, expected: 40, lastSyncedAt: 1_000 });

    await writeCollectionState(db, 'permits', { firstSyncDone: true, pulled: 40, expected: 40, lastSyncedAt: 3_000 });
    expect(await firstValueFrom(status$)).toMatchObject({ firstSyncDone: true, lastSyncedAt: 3_000 });
  });

  it('starts nothing before its `after` settles, and nothing at all when stopped first', async () => {
    const recorder = recordingFetch(() => json(200, empty));
    let start!: () => void;
    engine = startSync({ db, owner: OWNER, http: testClient(recorder.fetch), after: new Promise<void>((resolve) => (start = resolve)) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recorder.requests).toEqual([]);
    start();
    await waitFor(() => recorder.requests.length > 0, 5000, 'the engine to start');

    await engine.stop();
    const other = recordingFetch(() => json(200, empty));
    let startOther!: () => void;
    engine = startSync({ db, owner: OWNER, http: testClient(other.fetch), after: new Promise<void>((resolve) => (startOther = resolve)) });
    await engine.stop();
    startOther();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.requests).toEqual([]);
  });

  it('pulls every collection again and sends a waiting change at once when any tab asks', async () => {
    let failNext = true;
    const recorder = recordingFetch((r) => {
      if (r.url.pathname.endsWith('/sync/stream')) return new TypeError('no stream in this test');
      if (r.method === 'POST') return failNext ? ((failNext = false), json(503, { message: 'busy' })) : json(200, {});
      return json(200, empty);
    });
    // A backoff of a minute: only the refresh can send the change again within the test.
    engine = startSync({ db, owner: OWNER, http: testClient(recorder.fetch), backoff: { outbox: { baseMs: 60_000, capMs: 60_000 }, stream: { baseMs: 60_000, capMs: 60_000 } } });
    const entry = await appendToOutbox(db, OWNER, { method: 'POST', path: '/userpref', body: {}, label: 'Preferences' });
    await waitFor(async () => (await db.outbox.findOne(entry.id).exec())?.attempts === 1, 5000, 'the first failure');
    const pulls = () => recorder.requests.filter((r) => r.url.pathname.includes('/sync/') && !r.url.pathname.endsWith('/stream')).length;
    await waitFor(() => pulls() >= PULLED_COLLECTIONS.length, 5000, 'the first pulls');
    const before = pulls();

    await forcePull(db);
    await waitFor(async () => (await db.outbox.findOne(entry.id).exec())?.status === 'done', 5000, 'the change to be sent');
    await waitFor(() => pulls() >= before + PULLED_COLLECTIONS.length, 5000, 'a pull of every collection');
  });
});
