import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint, SyncPage } from '../../schemas';
import { appendToOutbox } from '../../replication/outbox';
import { pullHandler } from '../../replication/pull';
import type { ReplicaDatabase } from '../../replication/replica';
import { startSync, type SyncEngine } from '../../replication/sync';
import { collectionState$, forcePull, readCollectionState, signInCompleted } from '../../replication/syncState';
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
    const handler = pullHandler({ db, http: testClient(recorder.fetch), signal: abort.signal, now: () => 1_000 }, 'permits', async () => 'pull-under-test');
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

  it('pulls the other collections once the permits’ last page is read and being stored, not before', async () => {
    let release!: () => void;
    const lastPageHeld = new Promise<void>((resolve) => (release = resolve));
    const recorder = recordingFetch(async (r) => {
      if (r.url.pathname.endsWith('/stream')) return new TypeError('no stream here');
      if (!r.url.pathname.endsWith('/sync/permits')) return json(200, page([], null));
      if (!sentCheckpoint(r)) return json(200, page([live(buildPermit({ PermitInstanceId: 'p-1' }))], checkpoint('2026-05-01T08:00:00.000001Z', 'p-1'), 1));
      await lastPageHeld;
      return json(200, page([live(buildPermit({ PermitInstanceId: 'p-2' }))], checkpoint('2026-05-01T08:00:00.000002Z', 'p-2')));
    });
    engine = startSync({ db, owner: OWNER, http: testClient(recorder.fetch), backoff: { outbox: { baseMs: 1000, capMs: 1000 }, stream: { baseMs: 60_000, capMs: 60_000 } } });
    const pulled = () => new Set(recorder.requests.filter((r) => r.url.pathname.includes('/sync/') && !r.url.pathname.endsWith('/stream')).map((r) => r.url.pathname.split('/').at(-1)));
    await waitFor(() => recorder.requests.filter((r) => r.url.pathname.endsWith('/sync/permits')).length === 2, 5000, 'the permits’ last page asked for');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...pulled()].sort()).toEqual(['permits', 'sitedata']);

    release();
    await waitFor(() => ['drafts', 'workorders', 'templates', 'definitions'].every((c) => pulled().has(c)), 5000, 'the other collections');
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
    expect((await db.permits.find().exec()).map((d) => d.PermitInstanceId).sort()).toEqual(['kept', 'new']);
    expect(result).toMatchObject({ checkpoint: fresh, documents: [expect.objectContaining({ PermitInstanceId: 'new' })] });
    await waitFor(async () => (await readCollectionState(db, 'permits')).firstSyncDone, 5000, 'the first sync to be recorded');
    expect(await readCollectionState(db, 'permits')).toMatchObject({ firstSyncDone: true, pulled: 1, expected: 1 });
  });

  it('deletes a document it holds on a tombstone and skips tombstones of ones it never had, reading on to the end', async () => {
    await db.permits.bulkInsert([buildPermit({ PermitInstanceId: 'held', State: 'APPROVED' }), buildPermit({ PermitInstanceId: 'held-too', State: 'PENDING' })]);
    const tombstone = (id: string) => ({ PermitInstanceId: id, DateChanged: '2026-05-03T08:00:00.000000Z', _deleted: true });
    const { handler, requests } = permitsHandler([
      page([tombstone('held'), tombstone('never-had')], checkpoint('2026-05-03T08:00:00.000000Z', 'never-had'), 3),
      page([tombstone('held-too'), live(buildPermit({ PermitInstanceId: 'a' })), live(buildPermit({ PermitInstanceId: 'b' }))], checkpoint('2026-05-03T09:00:00.000000Z', 'b')),
    ]);
    const result = await handler(checkpoint('2026-05-01T00:00:00.000000Z', ''), 2);
    expect(requests).toHaveLength(2);
    expect((await db.permits.find().exec()).map((d) => d.PermitInstanceId).sort()).toEqual(['a', 'b']);
    // RxDB gets the last document stored, with the checkpoint where the pull ended.
    expect(result).toMatchObject({ checkpoint: checkpoint('2026-05-03T09:00:00.000000Z', 'b'), documents: [expect.objectContaining({ PermitInstanceId: 'b', _deleted: false })] });
  });

  it('hands RxDB a tombstone as the document’s last state marked deleted, so it still fits the schema', async () => {
    await db.permits.insert(buildPermit({ PermitInstanceId: 'held', State: 'PENDING' }));
    const { handler } = permitsHandler([page([{ PermitInstanceId: 'held', DateChanged: '2026-05-03T08:00:00.000000Z', _deleted: true }], checkpoint('2026-05-03T08:00:00.000000Z', 'held'))]);
    const result = await handler(checkpoint('2026-05-01T00:00:00.000000Z', ''), 2);
    expect(await db.permits.findOne('held').exec()).toBeNull();
    expect(result.documents).toEqual([expect.objectContaining({ PermitInstanceId: 'held', State: 'PENDING', DateChanged: '2026-05-03T08:00:00.000000Z', _deleted: true })]);
  });

  it('reports first-sync progress from the server’s remaining count, and the time the sync reached the end', async () => {
    const docs = (ids: string[]) => ids.map((id) => live(buildPermit({ PermitInstanceId: id })));
    const { handler } = permitsHandler([page(docs(['a', 'b']), checkpoint('2026-05-01T08:00:00.000001Z', 'b'), 3), page(docs(['c', 'd', 'e']), checkpoint('2026-05-01T08:00:00.000002Z', 'e'))]);
    const states: object[] = [];
    const watching = collectionState$(db, 'permits').subscribe((state) => states.push(state));
    const last = await handler(undefined, 2);
    expect(last.documents.map((d) => d.PermitInstanceId)).toEqual(['e']);
    expect((await db.permits.find().exec()).map((d) => d.PermitInstanceId).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    await waitFor(async () => (await readCollectionState(db, 'permits')).lastSyncedAt === 1_000, 5000, 'last synced at to move');
    expect(states).toContainEqual({ firstSyncDone: false, pulled: 2, expected: 5, lastSyncedAt: null });
    expect(await readCollectionState(db, 'permits')).toEqual({ firstSyncDone: true, pulled: 5, expected: 5, lastSyncedAt: 1_000 });
    watching.unsubscribe();
  });

  it('asks for each page once, with the checkpoint of the page before, and a new pull from where it is asked', async () => {
    const docs = (ids: string[]) => ids.map((id) => live(buildPermit({ PermitInstanceId: id })));
    const { handler, requests } = permitsHandler([
      page(docs(['a']), checkpoint('2026-05-01T08:00:00.000001Z', 'a'), 2),
      page(docs(['b']), checkpoint('2026-05-01T08:00:00.000002Z', 'b'), 1),
      page(docs(['c']), checkpoint('2026-05-01T08:00:00.000003Z', 'c')),
    ]);
    const first = await handler(undefined, 1);
    expect(first.documents.map((d) => d.PermitInstanceId)).toEqual(['c']);
    expect(requests.map(sentCheckpoint)).toEqual([null, JSON.stringify(checkpoint('2026-05-01T08:00:00.000001Z', 'a')), JSON.stringify(checkpoint('2026-05-01T08:00:00.000002Z', 'b'))]);
    const again = await handler(first.checkpoint, 1);
    expect(requests).toHaveLength(4);
    expect(sentCheckpoint(requests[3]!)).toBe(JSON.stringify(first.checkpoint));
    expect(again.documents).toEqual([]);
  });

  it('keeps the pages it stored when the connection drops halfway, handing RxDB the checkpoint where they end', async () => {
    const docs = (ids: string[]) => ids.map((id) => live(buildPermit({ PermitInstanceId: id })));
    const reached = checkpoint('2026-05-01T08:00:00.000001Z', 'b');
    const { handler, requests } = permitsHandler([page(docs(['a', 'b']), reached, 3), new Response(null, { status: 503 }), new Response(null, { status: 503 })]);
    const result = await handler(undefined, 2);
    expect(result).toMatchObject({ checkpoint: reached, documents: [expect.objectContaining({ PermitInstanceId: 'b' })] });
    expect((await db.permits.find().exec()).map((d) => d.PermitInstanceId)).toEqual(['a', 'b']);
    // RxDB asks on from there; the server is still unreachable, so that pull fails and is retried later.
    await expect(handler(reached, 2)).rejects.toThrow();
    expect(sentCheckpoint(requests[2]!)).toBe(JSON.stringify(reached));
  });

  it('stops on a 4xx, shows the server’s sentence, does not spin, and tries again when asked', async () => {
    let refuse = true;
    const recorder = recordingFetch((r) => {
      if (r.url.pathname.endsWith('/stream')) return new TypeError('no stream here');
      if (r.url.pathname.endsWith('/sync/permits') && refuse) return json(400, { message: 'The query limit must be at most 1000.' });
      return json(200, page([], null));
    });
    engine = startSync({ db, owner: OWNER, http: testClient(recorder.fetch), pullRetryMs: 20, backoff: { outbox: { baseMs: 1000, capMs: 1000 }, stream: { baseMs: 60_000, capMs: 60_000 } } });
    const permitPulls = () => recorder.requests.filter((r) => r.url.pathname.endsWith('/sync/permits')).length;
    const status = await waitFor(async () => {
      const s = await firstValueFrom(syncStatus$(db, OWNER));
      return s.pullRefused ? s : undefined;
    }, 5000, 'the refusal to show');
    expect(status.pullRefused).toBe('The query limit must be at most 1000.');
    // RxDB would retry every 20 ms here: a refusal must not.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(permitPulls()).toBe(1);
    refuse = false;
    await forcePull(db);
    await waitFor(async () => (await firstValueFrom(syncStatus$(db, OWNER))).pullRefused === null, 5000, 'the refusal to clear');
    expect(permitPulls()).toBeGreaterThanOrEqual(2);
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
