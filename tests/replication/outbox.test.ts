import { BehaviorSubject, firstValueFrom } from 'rxjs';
import * as Y from 'yjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MADE_AT_HEADER, type OutboxEntry } from '../../schemas';
import { messages } from '../../domain/messages';
import { applyJsonToDoc, docToJson, fromBase64, genesisDoc, toBase64 } from '../../domain/permits/yContent';
import { backoffDelay } from '../../replication/backoff';
import { appendToOutbox, dismissOutboxEntry, refusedEntries$, retryOutboxEntry } from '../../replication/outbox';
import { outcomeOf, startOutboxProcessor, type OutboxProcessor } from '../../replication/outboxProcessor';
import type { ReplicaDatabase } from '../../replication/replica';
import { signInCompleted } from '../../replication/syncState';
import { syncStatus$ } from '../../replication/syncStatus';
import { json, recordingFetch, testClient, waitFor, type RecordedRequest } from './helpers';
import { openTestReplica } from './replica';

const OWNER = 'issuer@demo.test';
const BACKOFF = { baseMs: 20, capMs: 100 };
const change = (n: number) => ({ method: 'POST' as const, path: `/change/${n}`, body: { n }, label: `Change ${n}` });

describe('the outbox', () => {
  let db: ReplicaDatabase;
  let processor: OutboxProcessor | undefined;
  const online$ = new BehaviorSubject(true);

  beforeEach(async () => {
    db = await openTestReplica();
    online$.next(true);
  });
  afterEach(async () => {
    await processor?.stop();
    processor = undefined;
    await db.remove();
  });

  /** Starts the processor against a server answering with `respond`. */
  function serve(respond: (request: RecordedRequest) => Response | Error) {
    const recorder = recordingFetch(respond);
    processor = startOutboxProcessor({ db, http: testClient(recorder.fetch), owner: OWNER, online$, backoff: BACKOFF });
    return recorder.requests;
  }
  const status = async (id: string) => (await db.outbox.findOne(id).exec())?.toMutableJSON();
  const paths = (requests: RecordedRequest[]) => requests.map((r) => r.url.pathname.replace('/api', ''));

  it('sends entries one at a time in the order they were made, each with its id as Idempotency-Key', async () => {
    const entries: OutboxEntry[] = [];
    for (const n of [1, 2, 3]) entries.push(await appendToOutbox(db, OWNER, change(n)));
    await appendToOutbox(db, 'someone-else@demo.test', change(9));
    const requests = serve(() => json(200, {}));
    await waitFor(async () => (await status(entries[2]!.id))?.status === 'done', 5000, 'the queue to drain');
    expect(paths(requests)).toEqual(['/change/1', '/change/2', '/change/3']);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(entries.map((e) => e.id));
    // When each was made, for the audit trail's device time.
    expect(requests.map((r) => r.headers[MADE_AT_HEADER])).toEqual(entries.map((e) => e.createdAt));
    expect(requests.map((r) => r.body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await status(entries[0]!.id))?.doneAt).toBeTypeOf('number');
  });

  it('sends the next entry while the last answer is recorded; an answer whose record failed is sent again with the same key', async () => {
    const entries: OutboxEntry[] = [];
    for (const n of [1, 2, 3]) entries.push(await appendToOutbox(db, OWNER, change(n)));
    const failure = new Error('The device storage is full.');
    vi.spyOn(db.outbox, 'bulkUpsert').mockRejectedValueOnce(failure);
    const recorder = recordingFetch(() => json(200, {}));
    const errors: unknown[] = [];
    processor = startOutboxProcessor({ db, http: testClient(recorder.fetch), owner: OWNER, online$, backoff: BACKOFF, onError: (error) => errors.push(error) });
    await waitFor(async () => (await Promise.all(entries.map((e) => status(e.id)))).every((entry) => entry?.status === 'done'), 5000, 'the queue to drain');
    expect(errors).toEqual([failure]);
    // The failed record surfaced with the next answer, which was not recorded either: both went again.
    expect(paths(recorder.requests)).toEqual(['/change/1', '/change/2', '/change/1', '/change/2', '/change/3']);
    expect(recorder.requests.map((r) => r.headers['idempotency-key'])).toEqual([0, 1, 0, 1, 2].map((i) => entries[i]!.id));
  });

  it('sends a change queued after a reload on a clock set back after the changes queued before it', async () => {
    const loadPage = async () => {
      vi.resetModules();
      return import('../../replication/outbox');
    };
    const fast = Date.now() + 10 * 60_000;
    const first = await (await loadPage()).appendToOutbox(db, OWNER, change(1), fast);
    const second = await (await loadPage()).appendToOutbox(db, OWNER, change(2), fast - 10 * 60_000);
    expect(second.seq).toBeGreaterThan(first.seq);
    const requests = serve(() => json(200, {}));
    await waitFor(async () => (await status(second.id))?.status === 'done', 5000, 'the queue to drain');
    expect(paths(requests)).toEqual(['/change/1', '/change/2']);
  });

  it('keeps an entry that got no answer or a 5xx, retries it with the same key, and holds the rest behind it', async () => {
    const first = await appendToOutbox(db, OWNER, change(1));
    await appendToOutbox(db, OWNER, change(2));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers: (() => Promise<Response | Error>)[] = [
      async () => new TypeError('fetch failed'),
      // The retry's answer waits until the test has looked at the entry between attempts.
      async () => held.then(() => json(503, { message: 'Down for maintenance' })),
    ];
    const recorder = recordingFetch(() => (answers.shift() ?? (async () => json(200, {})))());
    processor = startOutboxProcessor({ db, http: testClient(recorder.fetch), owner: OWNER, online$, backoff: BACKOFF });
    const requests = recorder.requests;

    await waitFor(() => requests.length === 2, 5000, 'the retry');
    const between = await status(first.id);
    expect(between).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/could not be reached/) });
    expect(between!.nextAttemptAt - Date.parse(between!.createdAt)).toBeGreaterThanOrEqual(BACKOFF.baseMs / 2);
    release();

    await waitFor(async () => (await status(first.id))?.status === 'done', 5000, 'the retries to succeed');
    expect(paths(requests)).toEqual(['/change/1', '/change/1', '/change/1', '/change/2']);
    expect(new Set(requests.slice(0, 3).map((r) => r.headers['idempotency-key']))).toEqual(new Set([first.id]));
    expect((await status(first.id))?.attempts).toBe(3);
  });

  it('waits as long as a 429 or 503 says in Retry-After (a resend while the first is in flight), not its own backoff', async () => {
    const first = await appendToOutbox(db, OWNER, change(1));
    const busy = (status: number) =>
      new Response(JSON.stringify({ message: 'This change is still being processed (same Idempotency-Key). Try again in a moment.' }), {
        status,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      });
    const answers = [busy(429), busy(503)];
    const requests = serve(() => answers.shift() ?? json(200, {}));
    await waitFor(() => requests.length === 1, 5000, 'the first attempt');
    await waitFor(async () => (await status(first.id))?.attempts === 1, 5000, 'the first answer');
    const between = await status(first.id);
    // The backoff here is 20 ms doubling to 100: the wait is the server's second, not ours.
    expect(between!.nextAttemptAt - Date.now()).toBeGreaterThan(700);
    await waitFor(async () => (await status(first.id))?.status === 'done', 8000, 'the entry to be sent');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set([first.id]));
  });

  it('waits while offline and sends when the connection returns', async () => {
    online$.next(false);
    const entry = await appendToOutbox(db, OWNER, change(1));
    const requests = serve(() => json(200, {}));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(requests).toHaveLength(0);
    online$.next(true);
    await waitFor(async () => (await status(entry.id))?.status === 'done', 5000, 'the entry to be sent');
  });

  it('pauses the whole queue on a 401 until the user signs in again, then resumes with nothing dropped', async () => {
    const first = await appendToOutbox(db, OWNER, change(1));
    const second = await appendToOutbox(db, OWNER, change(2));
    let signedIn = false;
    const requests = serve(() => (signedIn ? json(200, {}) : json(401, { message: 'Your sign-in has expired or is not valid. Sign in again.' })));

    const status$ = syncStatus$(db, OWNER, online$);
    expect((await firstValueFrom(status$)).pendingCount).toBe(2);
    await waitFor(async () => (await firstValueFrom(status$)).signInNeeded, 5000, 'sign-in to be needed');
    expect(messages.sync.signInToSync((await firstValueFrom(status$)).pendingCount)).toBe('Sign in again to sync 2 changes');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(paths(requests)).toEqual(['/change/1']);
    expect(await status(first.id)).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/Sign in again/) });

    signedIn = true;
    await signInCompleted(db);
    await waitFor(async () => (await status(second.id))?.status === 'done', 5000, 'the queue to resume');
    expect(paths(requests)).toEqual(['/change/1', '/change/1', '/change/2']);
    expect(requests[1]!.headers['idempotency-key']).toBe(first.id);
    expect((await firstValueFrom(status$)).pendingCount).toBe(0);
  });

  it('takes a refused entry out of the queue with the server’s message; retry sends it last with a new key, dismiss forgets it', async () => {
    const refused = await appendToOutbox(db, OWNER, change(1));
    const next = await appendToOutbox(db, OWNER, change(2));
    let refuse = true;
    const requests = serve((r) => (refuse && r.url.pathname.endsWith('/change/1') ? json(422, { message: 'This permit is already closed.' }) : json(200, {})));

    await waitFor(async () => (await status(next.id))?.status === 'done', 5000, 'the queue to move on');
    expect(await status(refused.id)).toMatchObject({ status: 'refused', lastError: 'This permit is already closed.', attempts: 1 });
    const notSynced = await firstValueFrom(refusedEntries$(db, OWNER));
    expect(notSynced.map((e) => e.label)).toEqual(['Change 1']);
    expect((await firstValueFrom(syncStatus$(db, OWNER, online$))).refusedCount).toBe(1);

    refuse = false;
    const again = await retryOutboxEntry(db, refused.id);
    expect(again?.id).not.toBe(refused.id);
    expect(again!.seq).toBeGreaterThan(next.seq);
    await waitFor(async () => (await status(again!.id))?.status === 'done', 5000, 'the retried entry to be sent');
    expect(await status(refused.id)).toBeUndefined();
    expect(requests.at(-1)!.headers['idempotency-key']).toBe(again!.id);
    expect(requests.at(-1)!.body).toEqual({ n: 1 });

    refuse = true;
    const another = await appendToOutbox(db, OWNER, change(1));
    await waitFor(async () => (await status(another.id))?.status === 'refused', 5000, 'the refusal');
    expect(await dismissOutboxEntry(db, next.id)).toBe(false); // done entries are not the user's to dismiss
    expect(await dismissOutboxEntry(db, another.id)).toBe(true);
    expect(await firstValueFrom(refusedEntries$(db, OWNER))).toEqual([]);
  });

  it('merges queued edits of one permit into one request; a refused merge goes to Not synced whole, each edit to retry alone', async () => {
    const permit = '3f1c2a9e-8d4b-4c2e-9a61-0b7d5e4f1a21';
    const doc = genesisDoc({ hotWork: {} });
    const edit = (field: string) => {
      const before = Y.encodeStateVector(doc);
      applyJsonToDoc(doc, { hotWork: { ...(docToJson(doc).hotWork as object), [field]: true } });
      const update = toBase64(Y.encodeStateAsUpdate(doc, before));
      return appendToOutbox(db, OWNER, { method: 'PATCH', path: `/permitcontent?PermitInstanceId=${permit}`, body: { update }, label: `Edit ${field}` });
    };
    // The server's copy of the content: a request's fields are what it would hold after applying it.
    const server = genesisDoc({ hotWork: {} });
    const fieldsOf = (body: unknown) => {
      const after = new Y.Doc();
      Y.applyUpdate(after, Y.encodeStateAsUpdate(server));
      Y.applyUpdate(after, fromBase64((body as { update: string }).update));
      return Object.keys(docToJson(after).hotWork as object);
    };
    const accept = (body: unknown) => {
      Y.applyUpdate(server, fromBase64((body as { update: string }).update));
      return json(200, {});
    };
    const first = [await edit('gas'), await edit('tester')];
    let requests = serve((r) => accept(r.body));
    await waitFor(async () => (await status(first[1]!.id))?.status === 'done', 5000, 'the merge to be sent');
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([`${first[0]!.id}.${first[1]!.id}`]);
    // A merge was made by the time its last edit was: every value it sends had been entered by then.
    expect(requests.map((r) => r.headers[MADE_AT_HEADER])).toEqual([first[1]!.createdAt]);
    expect(docToJson(server)).toEqual({ hotWork: { gas: true, tester: true } });
    await processor!.stop();

    // The server refuses the field 'locked': the whole merge goes to "Not synced", each edit to retry on its own.
    const second = [await edit('fireWatch'), await edit('rescue'), await edit('locked')];
    requests = serve((r) => (fieldsOf(r.body).includes('locked') ? json(422, { message: 'locked is not editable.' }) : accept(r.body)));
    await waitFor(async () => (await status(second[2]!.id))?.status === 'refused', 5000, 'the merge to be refused');
    for (const entry of second) expect(await status(entry.id)).toMatchObject({ status: 'refused', lastError: 'locked is not editable.' });
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([`${second[0]!.id}.${second[2]!.id}`]);
    const retried = await retryOutboxEntry(db, second[0]!.id);
    await waitFor(async () => (await status(retried!.id))?.status === 'done', 5000, 'the retried edit to be sent alone');
    expect(Object.keys(docToJson(server).hotWork as object).sort()).toEqual(['fireWatch', 'gas', 'tester']);
  });
});

describe('what an answer means', () => {
  it.each([
    [200, 1, 'done'],
    [204, 1, 'done'],
    [0, 9, 'retry'],
    [500, 1, 'retry'],
    [503, 12, 'retry'],
    [408, 1, 'retry'],
    [429, 1, 'retry'],
    [401, 1, 'sign-in'],
    [409, 1, 'refused'],
    [400, 1, 'refused'],
    [403, 1, 'refused'],
    [404, 1, 'refused'],
    [422, 1, 'refused'],
  ] as const)('status %i on attempt %i: %s', (status, _attempts, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});

describe('the backoff', () => {
  const policy = { baseMs: 1000, capMs: 60_000 };
  it.each([
    [1, 500, 1000],
    [2, 1000, 2000],
    [3, 2000, 4000],
    [7, 30_000, 60_000],
    [8, 30_000, 60_000],
    [30, 30_000, 60_000],
  ])('after %i failures waits between %i and %i ms', (failures, low, high) => {
    expect(backoffDelay(failures, policy, () => 0)).toBe(low);
    expect(backoffDelay(failures, policy, () => 1)).toBe(high);
    const any = backoffDelay(failures, policy);
    expect(any).toBeGreaterThanOrEqual(low);
    expect(any).toBeLessThanOrEqual(high);
  });
});
