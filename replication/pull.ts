/**
 * The pull of one collection (DESIGN.md §4.4): the handler RxDB's replication calls with the
 * last checkpoint, answered from GET /sync/{collection}.
 */
import {
  fillObjectDataBeforeInsert,
  type ReplicationPullHandlerResult,
  type RxDocument,
  type RxDocumentData,
  type RxStorageWriteError,
  type RxStorageWriteErrorConflict,
  type WithDeleted,
} from 'rxdb';
import { filter, firstValueFrom, fromEvent, race, timer } from 'rxjs';
import { SYNC_PRIMARY_KEYS, type Checkpoint, type PulledCollection, type SyncPage } from '../schemas';
import { ApiError, type HttpClient } from './http';
import { pendingKeys } from './outbox';
import { anyPulledCollection, type PulledDocuments, type ReplicaDatabase } from './replica';
import { markSignInNeeded, NOT_SYNCED, pullRequests$, readCollectionState, untilSignedIn, writeCollectionState, type CollectionSyncState } from './syncState';

export interface PullContext {
  db: ReplicaDatabase;
  http: HttpClient;
  /** Aborted when the replica stops: a request or a wait for sign-in ends with it. */
  signal: AbortSignal;
  now: () => number;
  /** Told when a pull has read the last page of its collection and handed it to IndexedDB, before it is stored. */
  onLastPage?: (collection: PulledCollection) => void;
}

type Doc<C extends PulledCollection> = WithDeleted<PulledDocuments[C]>;

/** The last document of a stored page, and where the page ended: what RxDB records as stored. */
interface StoredPage<C extends PulledCollection> {
  documents: Doc<C>[];
  checkpoint: Checkpoint;
}

/**
 * The pull handler of `collection`. The checkpoint goes back to the server exactly as it came:
 * as JSON with DateChanged a string, so its microseconds survive (a JS Date would cut them and
 * the next page would repeat or skip documents).
 *
 * A pull reads on to the end of the collection and stores each page in the collection itself.
 * RxDB's replication runs the pulls — when, the retries, the live stream, the checkpoint — and
 * gets back the last document stored with the checkpoint where the pull ended, which it
 * records (the document is in the replica already, so it writes nothing). Handing it every
 * page instead cost a first sync of 5,000 permits ~350 ms more: RxDB reads the replica and its
 * replication state before each write. `writeContext` is the context RxDB's replication writes
 * its own pulls with (storeStraight).
 */
export function pullHandler<C extends PulledCollection>(context: PullContext, collection: C, writeContext: () => Promise<string>) {
  const pages = pageReader(context, collection);
  const state = stateWriter(context.db, collection);
  // Stored once RxDB has stored what the last pull handed back: a page stored after it must not
  // land first, or RxDB would write the older state over the newer one.
  let handedOver: Promise<void> = Promise.resolve();
  return async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<ReplicationPullHandlerResult<PulledDocuments[C], Checkpoint>> => {
    let from = checkpoint;
    // The last document this pull stored, and where its page ended.
    let stored = null as StoredPage<C> | null;
    // The page IndexedDB still commits while the next one is written: its commit overlaps the
    // copying of the next (on a first sync of 1,000-permit pages, ~100 ms of each page's ~260).
    let storing: Promise<StoredPage<C> | null> | null = null;
    const settle = async () => {
      const page = storing;
      storing = null;
      if (page) stored = (await page) ?? stored;
    };
    for (;;) {
      let read: PageRead;
      try {
        read = await pages.read(from, batchSize);
        if (read.page.resync) {
          await settle();
          await dropReplica(context.db, collection, state);
          stored = null; // pages read before it belong to the old scope
          from = undefined;
          read = await pages.read(undefined, batchSize);
          if (read.page.resync) throw new Error(`The server asked to resync ${collection} from scratch twice.`);
        }
      } catch (error) {
        // RxDB records where the pages stored so far end; its retry goes on from there.
        await settle();
        if (stored) return stored;
        if (isRefusal(error)) await holdRefused(context, state, error.message);
        throw error;
      }
      // A tombstone may be of a document that the page still being stored brings.
      if (read.page.documents.some((doc) => doc._deleted === true)) await settle();
      const documents = await completeTombstones(context.db, collection, read.page.documents);
      void state.update(progress(from === undefined, read.page));
      from = read.page.checkpoint ?? from;
      await handedOver;
      const last = documents.at(-1);
      const end = from;
      const page = storeStraight(context.db, collection, documents, writeContext).then(() => (last && end ? { documents: [last], checkpoint: end } : null));
      // Awaited by settle(); a failure surfaces there.
      page.catch(() => undefined);
      await settle();
      storing = page;
      if (read.page.remaining === 0) {
        context.onLastPage?.(collection);
        await settle();
        // RxDB keeps no checkpoint from an empty answer: a pull that stored nothing has nothing to record.
        const handed = { documents: stored?.documents ?? [], checkpoint: from };
        handedOver = untilStored(context, collection, handed.documents);
        void markSyncedOnceStored(context, collection, state, handedOver, read.sentAt);
        return handed;
      }
    }
  };
}

/** A 4xx that is a "no", not a "not now": asking again unchanged gets the same answer. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 425, 429].includes(error.status);

/**
 * The server refused the pull: show its sentence and wait for the user to ask again (refresh)
 * rather than let RxDB repeat the refused request every few seconds for ever. A successful
 * page clears it (progress() writes the state without it).
 */
async function holdRefused(context: PullContext, state: StateWriter, message: string): Promise<void> {
  await state.update((before) => ({ ...before, refused: message }));
  await firstValueFrom(race(pullRequests$(context.db), fromEvent(context.signal, 'abort')), { defaultValue: undefined });
}

type Stored = Record<string, unknown>;

const isConflict = (error: RxStorageWriteError<Stored>): error is RxStorageWriteErrorConflict<Stored> => error.status === 409;

/** How often a pulled document is written again after a change on the device got in first. */
const CONFLICT_RETRIES = 3;

/**
 * Writes pulled documents into the collection as they came (a tombstone marks its document
 * deleted): added, or over what the replica holds. The writes carry the context RxDB's own pull
 * writes with, so RxDB's push side, which this app leaves unused (its changes go through the
 * outbox), skips them: otherwise it looked up every document of every page in the replication's
 * state store and copied it twice, ~7% of a first sync of 5,000 permits (issue 13). RxDB's
 * collection methods (bulkUpsert) would also make a document object for each one written.
 */
async function storeStraight<C extends PulledCollection>(db: ReplicaDatabase, collection: C, documents: Doc<C>[], writeContext: () => Promise<string>): Promise<void> {
  if (documents.length === 0) return;
  const rxCollection = anyPulledCollection(db, collection);
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const pulled = new Map(documents.map((doc) => [String((doc as Record<string, unknown>)[primaryKey]), doc]));
  const fill = (doc: Doc<C>) => fillObjectDataBeforeInsert(rxCollection.schema, doc) as RxDocumentData<Stored>;
  const flag = await writeContext();
  // As in RxDB's collection methods: its closed storage would not refuse the write.
  if (rxCollection.closed) throw new Error(`The replica closed before the pulled ${collection} were stored.`);
  let rows: { previous?: RxDocumentData<Stored>; document: RxDocumentData<Stored> }[] = documents.map((doc) => ({ document: fill(doc) }));
  for (let attempt = 0; ; attempt++) {
    const { error } = await rxCollection.storageInstance.bulkWrite(rows, flag);
    if (error.length === 0) return;
    // Held already (or changed on the device since it was read): written over the stored state.
    const held = error.filter(isConflict);
    if (held.length < error.length || attempt === CONFLICT_RETRIES) {
      throw new Error(`${error.length} pulled ${collection} could not be stored (status ${error.find((e) => !isConflict(e))?.status ?? 409}).`);
    }
    rows = held.map((e) => ({ previous: e.documentInDb, document: fill(pulled.get(e.documentId)!) }));
  }
}

interface PageRead {
  page: SyncPage;
  /** When its request was sent (context.now()). */
  sentAt: number;
}

/**
 * Reads pages, each one asking for the next as soon as it arrives: the server prepares page
 * n + 1 while page n is stored, so a first sync of thousands of documents waits for the slower
 * of the two rather than for both in turn. At most one page is read ahead; it is used
 * only if the next read continues from where that page ended.
 */
function pageReader(context: PullContext, collection: PulledCollection) {
  let ahead: { from: string; read: Promise<PageRead> } | null = null;
  const keyOf = (checkpoint: Checkpoint | undefined) =>
    checkpoint ? [checkpoint.DateChanged, checkpoint.id, checkpoint.scope, checkpoint.since].join('\n') : '';
  const send = async (from: Checkpoint | undefined, limit: number): Promise<PageRead> => {
    const sentAt = context.now();
    const page = await fetchPage(context, collection, from, limit);
    return { page, sentAt };
  };
  return {
    async read(from: Checkpoint | undefined, limit: number): Promise<PageRead> {
      const pending = ahead?.from === keyOf(from) ? ahead.read : send(from, limit);
      ahead = null;
      const read = await pending;
      const { page } = read;
      if (page.remaining > 0 && page.checkpoint && !page.resync) {
        const next = send(page.checkpoint, limit);
        // Awaited by the next read if it continues from here; a failure surfaces there.
        next.catch(() => undefined);
        ahead = { from: keyOf(page.checkpoint), read: next };
      }
      return read;
    },
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

type StateChange = (before: CollectionSyncState) => CollectionSyncState | null;

interface StateWriter {
  /** Queues `change` (null: leave the state as it is); resolves once it is written. */
  update(change: StateChange): Promise<void>;
}

/**
 * The collection's sync state, changed one change after the other. The pull does not wait for
 * them: a write to IndexedDB queues behind RxDB's storing of the previous page, and awaiting
 * it there would leave the database idle until the next page is handed over.
 */
function stateWriter(db: ReplicaDatabase, collection: PulledCollection): StateWriter {
  let queue = Promise.resolve();
  return {
    update(change: StateChange): Promise<void> {
      queue = queue
        .then(async () => {
          const next = change(await readCollectionState(db, collection));
          if (next) await writeCollectionState(db, collection, next);
        })
        // The database closes under a stopped replica; the state goes with it.
        .catch(() => undefined);
      return queue;
    },
  };
}

/**
 * The server can no longer continue from our checkpoint (tombstones purged, the user's scope
 * changed): forget the collection's documents and pull it again — except documents with a
 * pending change, which stay so the change still shows on something until the pull brings them.
 */
async function dropReplica(db: ReplicaDatabase, collection: PulledCollection, state: StateWriter): Promise<void> {
  const isPending = await pendingKeys(db);
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const docs = await anyPulledCollection(db, collection).find().exec();
  const dropped = docs.map((doc) => String(doc.get(primaryKey))).filter((key) => !isPending(collection, key));
  if (dropped.length > 0) await anyPulledCollection(db, collection).bulkRemove(dropped);
  await state.update(() => NOT_SYNCED);
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
const progress = (fromScratch: boolean, page: SyncPage): StateChange => (before) => {
  const atEnd = page.remaining === 0;
  const firstSync = fromScratch || !before.firstSyncDone;
  const pulled = firstSync ? (fromScratch ? 0 : before.pulled) + page.documents.length : before.pulled;
  return { firstSyncDone: firstSync ? atEnd : true, pulled, expected: firstSync ? pulled + page.remaining : before.expected, lastSyncedAt: before.lastSyncedAt };
};

/** How long to wait for RxDB to store a page before "last synced at" moves anyway. */
const STORE_WAIT_MS = 30_000;

/**
 * Moves "last synced at" once RxDB has stored the documents (it does so after the handler
 * returns). Earlier, the overlay would drop an accepted change the replica does not show yet,
 * and a just-saved permit or draft would vanish for a moment — or open empty.
 */
async function markSyncedOnceStored(context: PullContext, collection: PulledCollection, state: StateWriter, stored: Promise<void>, sentAt: number): Promise<void> {
  await stored;
  if (context.signal.aborted) return;
  await state.update((before) => ((before.lastSyncedAt ?? 0) < sentAt ? { ...before, lastSyncedAt: sentAt } : null));
}

/**
 * Resolves once the replica holds the documents as pulled (none of a tombstone's), after
 * STORE_WAIT_MS, or when the replica stops.
 */
async function untilStored<C extends PulledCollection>(context: PullContext, collection: C, documents: Doc<C>[]): Promise<void> {
  if (documents.length === 0) return;
  const primaryKey = SYNC_PRIMARY_KEYS[collection];
  const keyOf = (doc: object) => String((doc as Record<string, unknown>)[primaryKey]);
  const stored = (held: Map<string, RxDocument<Record<string, unknown>>>) =>
    documents.every((doc) => {
      const mine = held.get(keyOf(doc));
      return doc._deleted ? !mine : mine !== undefined && String(mine.get('DateChanged')) >= doc.DateChanged;
    });
  const held$ = anyPulledCollection(context.db, collection).findByIds(documents.map(keyOf)).$;
  await firstValueFrom(race(held$.pipe(filter(stored)), timer(STORE_WAIT_MS), fromEvent(context.signal, 'abort')), { defaultValue: undefined });
}
