/**
 * The pull of one collection (DESIGN.md §4.4): the handler RxDB's replication calls with the
 * last checkpoint, answered from GET /sync/{collection}.
 */
import type { ReplicationPullHandlerResult, RxDocument, WithDeleted } from 'rxdb';
import { filter, firstValueFrom, fromEvent, race, timer } from 'rxjs';
import { SYNC_PRIMARY_KEYS, type Checkpoint, type PulledCollection, type SyncPage } from '../schemas';
import { ApiError, type HttpClient } from './http';
import { pendingKeys } from './outbox';
import { anyPulledCollection, type PulledDocuments, type ReplicaDatabase } from './replica';
import { markSignInNeeded, readCollectionState, untilSignedIn, writeCollectionState } from './syncState';

export interface PullContext {
  db: ReplicaDatabase;
  http: HttpClient;
  /** Aborted when the replica stops: a request or a wait for sign-in ends with it. */
  signal: AbortSignal;
  now: () => number;
}

type Doc<C extends PulledCollection> = WithDeleted<PulledDocuments[C]>;

/**
 * The pull handler of `collection`. The checkpoint goes back to the server exactly as it came:
 * as JSON with DateChanged a string, so its microseconds survive (a JS Date would cut them and
 * the next page would repeat or skip documents).
 */
export function pullHandler<C extends PulledCollection>(context: PullContext, collection: C) {
  return async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<ReplicationPullHandlerResult<PulledDocuments[C], Checkpoint>> => {
    let from = checkpoint;
    const documents: Doc<C>[] = [];
    let page: SyncPage;
    let sentAt: number;
    // Unknown tombstones are dropped (below); RxDB takes a short answer for the end of the
    // collection, so keep reading until the batch is full or the server has nothing left.
    do {
      sentAt = context.now();
      page = await fetchPage(context, collection, from, batchSize);
      if (page.resync) {
        await dropReplica(context.db, collection);
        documents.length = 0; // pages read before it belong to the old scope
        from = undefined;
        page = await fetchPage(context, collection, undefined, batchSize);
        if (page.resync) throw new Error(`The server asked to resync ${collection} from scratch twice.`);
      }
      documents.push(...(await completeTombstones(context.db, collection, page.documents)));
      await recordProgress(context.db, collection, from === undefined, page);
      from = page.checkpoint ?? from;
    } while (page.remaining > 0 && documents.length < batchSize);
    if (page.remaining === 0) void markSyncedOnceStored(context, collection, documents, sentAt);
    return { documents, checkpoint: from };
  };
}

/** One page; while the server wants a new sign-in, waits for it instead of failing every few seconds. */
async function fetchPage(context: PullContext, collection: PulledCollection, checkpoint: Checkpoint | undefined, limit: number): Promise<SyncPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
  for (;;) {
    try {
      return await context.http.api<SyncPage>('GET', `/sync/${collection}?${query.toString()}`, undefined, { signal: context.signal });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401) || context.signal.aborted) throw error;
      await markSignInNeeded(context.db);
      await untilSignedIn(context.db, context.signal);
    }
  }
}

/**
 * The server can no longer continue from our checkpoint (tombstones purged, the user's scope
 * changed): forget the collection's documents and pull it again — except documents with a
 * pending change, which stay so the change still shows on something until the pull brings them.
 */
async function dropReplica(db: ReplicaDatabase, collection: PulledCollection): Promise<void> {
  const isPending = await pendingKeys(db);
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const docs = await anyPulledCollection(db, collection).find().exec();
  const dropped = docs.map((doc) => String(doc.get(primaryKey))).filter((key) => !isPending(collection, key));
  if (dropped.length > 0) await anyPulledCollection(db, collection).bulkRemove(dropped);
  await writeCollectionState(db, collection, { firstSyncDone: false, pulled: 0, expected: 0, lastSyncedAt: null });
}

/**
 * A tombstone carries only the key and DateChanged. Deleting a document we hold takes its last
 * state marked deleted (the schema still applies to it); one we never held needs no deleting.
 */
async function completeTombstones<C extends PulledCollection>(db: ReplicaDatabase, collection: C, received: SyncPage['documents']): Promise<Doc<C>[]> {
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const gone = received.filter((doc) => doc._deleted === true).map((doc) => String(doc[primaryKey]));
  const held = gone.length > 0 ? await anyPulledCollection(db, collection).findByIds(gone).exec() : new Map();
  return received.flatMap((doc) => {
    if (doc._deleted !== true) return [doc as unknown as Doc<C>];
    const last = held.get(String(doc[primaryKey]));
    return last ? [{ ...last.toMutableJSON(), DateChanged: doc.DateChanged, _deleted: true } as unknown as Doc<C>] : [];
  });
}

/**
 * First-sync progress (pulled of expected), for every tab's status. The counts run from a pull
 * from scratch until it reaches the end.
 */
async function recordProgress(db: ReplicaDatabase, collection: PulledCollection, fromScratch: boolean, page: SyncPage): Promise<void> {
  const before = await readCollectionState(db, collection);
  const atEnd = page.remaining === 0;
  const firstSync = fromScratch || !before.firstSyncDone;
  const pulled = firstSync ? (fromScratch ? 0 : before.pulled) + page.documents.length : before.pulled;
  await writeCollectionState(db, collection, {
    firstSyncDone: firstSync ? atEnd : true,
    pulled,
    expected: firstSync ? pulled + page.remaining : before.expected,
    lastSyncedAt: before.lastSyncedAt,
  });
}

/** How long to wait for RxDB to store a page before "last synced at" moves anyway. */
const STORE_WAIT_MS = 30_000;

/**
 * Moves "last synced at" once RxDB has stored the documents (it does so after the handler
 * returns). Earlier, the overlay would drop an accepted change the replica does not show yet,
 * and a just-saved permit or draft would vanish for a moment — or open empty.
 */
async function markSyncedOnceStored<C extends PulledCollection>(context: PullContext, collection: C, documents: Doc<C>[], sentAt: number): Promise<void> {
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const keyOf = (doc: object) => String((doc as Record<string, unknown>)[primaryKey]);
  const stored = (held: Map<string, RxDocument<Record<string, unknown>>>) =>
    documents.every((doc) => {
      const mine = held.get(keyOf(doc));
      return doc._deleted ? !mine : mine !== undefined && String(mine.get('DateChanged')) >= doc.DateChanged;
    });
  if (documents.length > 0) {
    const ids = documents.map(keyOf);
    const held$ = anyPulledCollection(context.db, collection).findByIds(ids).$;
    await firstValueFrom(race(held$.pipe(filter(stored)), timer(STORE_WAIT_MS), fromEvent(context.signal, 'abort')), { defaultValue: undefined });
  }
  if (context.signal.aborted) return;
  const state = await readCollectionState(context.db, collection);
  if ((state.lastSyncedAt ?? 0) < sentAt) await writeCollectionState(context.db, collection, { ...state, lastSyncedAt: sentAt });
}
