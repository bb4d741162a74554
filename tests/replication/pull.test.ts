import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint, SyncPage } from '../../schemas';
import { appendToOutbox } from '../../replication/outbox';
import { pullHandler } from '../../replication/pull';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import { readCollectionState, signInCompleted } from '../../replication/syncState';
import { syncStatus$ } from '../../replication/syncStatus';
import { buildPermit } from './factories';
import { json, recordingFetch, testClient, waitFor, type RecordedRequest } from './helpers';
import { openTestReplica } from './replica';

const OWNER = 'issuer@demo.test';
const checkpoint = (DateChanged: string, id: string): Checkpoint => ({ DateChanged, id, scope: 'scope-1' });
const page = (documents: Record<string, unknown>[], next: Checkpoint | null, remaining = 0, resync = false): SyncPage => ({ documents, checkpoint: next, remaining, resync });
const live = (doc: object) => ({ ...doc, _deleted: false });
const sentCheckpoint = (request: RecordedRequest) => request.url.searchParams.get('checkpoint');

describe('pulling a collection', () => {
  let db: ReplicaDatabase;
  let engine: SyncEngine | undefined;
  const abort = new AbortController();

  beforeEach(async () => {
    db = await openTestReplica();
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await db.remove();
  });

  /** The permits pull handler against a server answering pages in turn. */
  function permitsHandler(pages: (SyncPage | Response)[]) {
    const recorder = recordingFetch(() => {
      const next = pages.shift();
      return next instanceof Response ? next : json(200, next ?? page([], null));
    });
    const handler = pullHandler({ db, http: testClient(recorder.fetch), signal: abort.signal, now: () => 1_000 }, 'permits');
    return { handler, requests: recorder.requests };
  }

  it('sends the checkpoint back exactly as the server gave it, microseconds included', async () => {
    const first = checkpoint('2026-05-01T08:00:00.123456Z', 'p-1');
    const { handler, requests } = permitsHandler([page([live(buildPermit())], first, 1), page([live(buildPermit({ PermitInstanceId: 'p-2' }))], checkpoint('2026-05-01T08:00:00.123457Z', 'p-2'))]);
    const result = await handler(undefined, 500);
    expect(sentCheckpoint(requests[0]!)).toBeNull();
    expect(sentCheckpoint(requests[1]!)).toBe(JSON.stringify(first));
    expect(result.checkpoint?.DateChanged).toBe('2026-05-01T08:00:00.123457Z');
    expect(requests[0]!.url.searchParams.get('limit')).toBe('500');
  });

  it('keeps the checkpoint across a restart of the engine, as a string', async () => {
    const stored = checkpoint('2026-05-01T08:00:00.999999Z', 'p-1');
    const serveEverything = (respond: (r: RecordedRequest) => Response) => {
      const recorder = recordingFetch((r) => (r.url.pathname.endsWith('/sync/permits') ? respond(r) : r.url.pathname.endsWith('/stream') ? new TypeError('no stream here') : json(200, page([], null))));
      engine = startSync({ db, owner: OWNER, http: testClient(recorder.fetch), backoff: { outbox: { baseMs: 1000, capMs: 1000 }, stream: { baseMs: 60_000, capMs: 60_000 } } });
      return recorder.requests;
    };
    serveEverything(() => json(200, page([live(buildPermit())], stored)));
    await waitFor(async () => (await db.permits.count().exec()) === 1, 5000, 'the first pull');
    await engine!.stop();

    const requests = serveEverything(() => json(200, page([], stored)));
    await waitFor(() => requests.some((r) => r.url.pathname.endsWith('/sync/permits')), 5000, 'the pull after the restart');
    expect(sentCheckpoint(requests.find((r) => r.url.pathname.endsWith('/sync/permits'))!)).toBe(JSON.stringify(stored));
  });

  it('on resync, forgets the collection except documents with a pending change, then pulls from scratch', async () => {
    await db.permits.bulkInsert([buildPermit({ PermitInstanceId: 'kept' }), buildPermit({ PermitInstanceId: 'gone' })]);
    await appendToOutbox(db, OWNER, { method: 'POST', path: '/permitinstance/reject', body: {}, label: 'Reject', effects: [{ collection: 'permits', key: 'kept', kind: 'patch', fields: { State: 'REJECTED' } }] });
    const fresh = checkpoint('2026-05-02T08:00:00.000001Z', 'new');
    const { handler, requests } = permitsHandler([page([], null, 0, true), page([live(buildPermit({ PermitInstanceId: 'new' }))], fresh)]);

    const result = await handler(checkpoint('2026-04-01T08:00:00.000000Z', 'old'), 500);
    expect(sentCheckpoint(requests[0]!)).not.toBeNull();
    expect(sentCheckpoint(requests[1]!)).toBeNull();
    expect((await db.permits.find().exec()).map((d) => d.PermitInstanceId)).toEqual(['kept']);
    expect(result).toMatchObject({ checkpoint: fresh, documents: [expect.objectContaining({ PermitInstanceId: 'new' })] });
    await waitFor(async () => (await readCollectionState(db, 'permits')).firstSyncDone, 5000, 'the first sync to be recorded');
    expect(await readCollectionState(db, 'permits')).toMatchObject({ firstSyncDone: true, pulled: 1, expected: 1 });
  });

  it('deletes a document it holds on a tombstone and skips tombstones of ones it never had, reading on to fill the batch', async () => {
    await db.permits.insert(buildPermit({ PermitInstanceId: 'held', State: 'APPROVED' }));
    const tombstone = (id: string) => ({ PermitInstanceId: id, DateChanged: '2026-05-03T08:00:00.000000Z', _deleted: true });
    const { handler, requests } = permitsHandler([
      page([tombstone('held'), tombstone('never-had')], checkpoint('2026-05-03T08:00:00.000000Z', 'never-had'), 2),
      page([live(buildPermit({ PermitInstanceId: 'a' })), live(buildPermit({ PermitInstanceId: 'b' }))], checkpoint('2026-05-03T09:00:00.000000Z', 'b')),
    ]);
    const result = await handler(checkpoint('2026-05-01T00:00:00.000000Z', ''), 2);
    expect(requests).toHaveLength(2);
    expect(result.documents.map((d) => [d.PermitInstanceId, d._deleted])).toEqual([['held', true], ['a', false], ['b', false]]);
    // The held document's last state goes with the tombstone, so it still fits the schema.
    expect(result.documents[0]).toMatchObject({ State: 'APPROVED', DateChanged: '2026-05-03T08:00:00.000000Z' });
  });

  it('reports first-sync progress from the server’s remaining count, and the time the sync reached the end', async () => {
    const docs = (ids: string[]) => ids.map((id) => live(buildPermit({ PermitInstanceId: id })));
    const { handler } = permitsHandler([page(docs(['a', 'b']), checkpoint('2026-05-01T08:00:00.000001Z', 'b'), 3), page(docs(['c', 'd', 'e']), checkpoint('2026-05-01T08:00:00.000002Z', 'e'))]);
    const progress = syncStatus$(db, OWNER);
    const recorded = (expected: object) => waitFor(async () => JSON.stringify(await readCollectionState(db, 'permits')) === JSON.stringify(expected), 5000, JSON.stringify(expected));
    const first = await handler(undefined, 2);
    expect(first.documents).toHaveLength(2);
    await recorded({ firstSyncDone: false, pulled: 2, expected: 5, lastSyncedAt: null });
    expect((await firstValueFrom(progress)).firstSyncDone).toBe(false);
    const last = await handler(first.checkpoint, 2);
    await recorded({ firstSyncDone: true, pulled: 5, expected: 5, lastSyncedAt: null });
    // "Last synced at" moves only once the documents are stored, or the overlay would drop accepted changes too early.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await readCollectionState(db, 'permits')).lastSyncedAt).toBeNull();
    await db.permits.bulkInsert(last.documents.map(({ _deleted, ...doc }) => doc));
    await waitFor(async () => (await readCollectionState(db, 'permits')).lastSyncedAt === 1_000, 5000, 'last synced at to move');
  });

  it('asks for the next page as soon as one arrives, and uses it only where the next pull continues', async () => {
    const docs = (ids: string[]) => ids.map((id) => live(buildPermit({ PermitInstanceId: id })));
    const { handler, requests } = permitsHandler([
      page(docs(['a']), checkpoint('2026-05-01T08:00:00.000001Z', 'a'), 2),
      page(docs(['b']), checkpoint('2026-05-01T08:00:00.000002Z', 'b'), 1),
      page(docs(['c']), checkpoint('2026-05-01T08:00:00.000003Z', 'c')),
    ]);
    const first = await handler(undefined, 1);
    // The server prepares page two while the replica stores page one.
    await waitFor(() => requests.length === 2, 5000, 'the read-ahead request');
    expect(sentCheckpoint(requests[1]!)).toBe(JSON.stringify(first.checkpoint));
    const second = await handler(first.checkpoint, 1);
    expect(second.documents.map((d) => d.PermitInstanceId)).toEqual(['b']);
    await waitFor(() => requests.length === 3, 5000, 'the next read-ahead request');
    // A pull from elsewhere (here: from scratch again) does not take the page read ahead.
    const again = await handler(undefined, 1);
    expect(requests).toHaveLength(4);
    expect(sentCheckpoint(requests[3]!)).toBeNull();
    expect(again.documents).toEqual([]);
  });

  it('waits for a new sign-in when the server answers 401, then goes on', async () => {
    const { handler, requests } = permitsHandler([json(401, { message: 'Sign in again.' }), page([], checkpoint('2026-05-01T08:00:00.000001Z', ''))]);
    const pulling = handler(undefined, 500);
    await waitFor(async () => (await firstValueFrom(syncStatus$(db, OWNER))).signInNeeded, 5000, 'sign-in to be needed');
    expect(requests).toHaveLength(1);
    await signInCompleted(db);
    await expect(pulling).resolves.toMatchObject({ documents: [] });
    expect(requests).toHaveLength(2);
  });
});
