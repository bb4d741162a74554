/**
 * The pull of one collection (DESIGN.md §4.4): the handler RxDB's replication calls with the
 * last checkpoint, answered from GET /sync/{collection}.
 */
import type { ReplicationPullHandlerResult, WithDeleted } from 'rxdb';
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
    // Unknown tombstones are dropped (below); RxDB takes a short answer for the end of the
    // collection, so keep reading until the batch is full or the server has nothing left.
    do {
      const sentAt = context.now();
      page = await fetchPage(context, collection, from, batchSize);
      if (page.resync) {
        await dropReplica(context.db, collection);
        documents.length = 0; // pages read before it belong to the old scope
        from = undefined;
        page = await fetchPage(context, collection, undefined, batchSize);
        if (page.resync) throw new Error(`The server asked to resync ${collection} from scratch twice.`);
      }
      documents.push(...(await completeTombstones(context.db, collection, page.documents)));
      await recordProgress(context.db, collection, from === undefined, page, sentAt);
      from = page.checkpoint ?? from;
    } while (page.remaining > 0 && documents.length < batchSize);
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
 * First-sync progress (pulled of expected) and "last synced at", for every tab's status. The
 * counts run from a pull from scratch until it reaches the end; later pulls only move the time.
 */
async function recordProgress(db: ReplicaDatabase, collection: PulledCollection, fromScratch: boolean, page: SyncPage, sentAt: number): Promise<void> {
  const before = await readCollectionState(db, collection);
  const atEnd = page.remaining === 0;
  const firstSync = fromScratch || !before.firstSyncDone;
  const pulled = firstSync ? (fromScratch ? 0 : before.pulled) + page.documents.length : before.pulled;
  await writeCollectionState(db, collection, {
    firstSyncDone: firstSync ? atEnd : true,
    pulled,
    expected: firstSync ? pulled + page.remaining : before.expected,
    lastSyncedAt: atEnd ? sentAt : before.lastSyncedAt,
  });
}
