/**
 * RxDB's Dexie bulkWrite, storing each document as a flat copy (dexieDocuments.ts) rather than
 * RxDB's rebuild of every nested object, in an IndexedDB transaction of its own. The conflict
 * check and the change events are RxDB's.
 */
import {
  categorizeBulkWriteRows,
  type BulkWriteRow,
  type DexieStorageInternals,
  type EventBulk,
  type RxDocumentData,
  type RxStorageInstance,
} from 'rxdb';
import { DEXIE_DOCS_TABLE_NAME } from 'rxdb/plugins/storage-dexie';
import { fromDexie, hasNestedBooleanIndex, toDexie } from './dexieDocuments';

// RxDB's storages differ in their internal types; any document type will do here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Instance = RxStorageInstance<any, DexieStorageInternals, any>;
type Doc = RxDocumentData<Record<string, unknown>>;
type Write = Instance['bulkWrite'];

/** The fields of RxStorageInstanceDexie this needs that its type keeps private or leaves out. */
interface DexieInstance {
  primaryPath: string;
  devMode: boolean;
  closed?: Promise<void>;
  changes$: { next(bulk: EventBulk<unknown, unknown>): void };
}

/** Resolves with a request's result, or fails with its error. */
function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused a request.'));
  });
}

/**
 * Adds `docs` to `store`, answering the keys it refused because it holds them already (the
 * transaction goes on without them); any other refusal fails the write. As Dexie's bulk writes,
 * it listens for the last request's success only: requests complete in order, and a listener
 * on each of 1,000 would cost the main thread a task apiece.
 */
function addUnlessHeld(store: IDBObjectStore, docs: Record<string, unknown>[], keyOf: (doc: Record<string, unknown>) => string): Promise<Set<string>> {
  const held = new Set<string>();
  if (docs.length === 0) return Promise.resolve(held);
  return new Promise((resolve, reject) => {
    docs.forEach((doc, index) => {
      const last = index === docs.length - 1;
      const request = store.add(doc);
      request.onerror = (event) => {
        if (request.error?.name !== 'ConstraintError') return reject(request.error ?? new Error('IndexedDB refused a document.'));
        event.preventDefault();
        event.stopPropagation();
        held.add(keyOf(doc));
        if (last) resolve(held);
      };
      if (last) request.onsuccess = () => resolve(held);
    });
  });
}

/**
 * Wraps `instance.bulkWrite`; dev mode, attachments and nested boolean indexes keep RxDB's own.
 * IndexedDB itself, not Dexie, runs the transaction: writes may overlap (a pull writes its next
 * page while the previous one commits), and a Dexie transaction begun while another one's
 * callbacks run joins it, to fail once that one commits. Each write creates its transaction as
 * it starts, so IndexedDB, which runs transactions on one store in the order they were created,
 * lands them in the order they were made.
 */
export function flatBulkWrite(instance: Instance, rxdbWrite: Write): Write {
  const dexie = instance as unknown as DexieInstance;
  return async (rows: BulkWriteRow<Doc>[], context) => {
    const state = await instance.internals;
    if (dexie.devMode || dexie.closed || instance.schema.attachments || hasNestedBooleanIndex(state.booleanIndexes)) return rxdbWrite(rows, context);
    const primaryPath = dexie.primaryPath;
    const keyOf = (doc: Record<string, unknown>) => doc[primaryPath] as string;
    const transaction = state.dexieDb.backendDB().transaction(DEXIE_DOCS_TABLE_NAME, 'readwrite');
    const committed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB gave up a write.'));
    });
    // Awaited below; a failure before then aborts the transaction and surfaces there.
    committed.catch(() => undefined);
    const store = transaction.objectStore(DEXIE_DOCS_TABLE_NAME);
    let categorized: ReturnType<typeof categorizeBulkWriteRows<Doc>>;
    try {
      // A row that expects no stored document is added without reading first (on a first sync,
      // a page of 1,000 new permits waited ~50 ms for a read that found none): IndexedDB refuses
      // the keys it holds, and only those are read for RxDB's conflict check.
      const fresh = rows.filter((row) => !row.previous);
      const held = await addUnlessHeld(store, fresh.map((row) => toDexie(state.booleanIndexes, row.document)), keyOf);
      const added = new Set(fresh.map((row) => keyOf(row.document)).filter((key) => !held.has(key)));
      const read = rows.map((row) => keyOf(row.document)).filter((key) => !added.has(key));
      const stored = new Map<string, Doc>();
      for (const doc of await Promise.all(read.map((key) => answer(store.get(key))))) {
        if (doc) stored.set(keyOf(doc as Record<string, unknown>), fromDexie(state.booleanIndexes, doc as Record<string, unknown>) as Doc);
      }
      categorized = categorizeBulkWriteRows<Doc>(instance, primaryPath as never, stored, rows, context);
      for (const row of [...categorized.bulkInsertDocs.filter((row) => !added.has(keyOf(row.document))), ...categorized.bulkUpdateDocs]) {
        store.put(toDexie(state.booleanIndexes, row.document));
      }
    } catch (error) {
      // What was added goes with the rest of the write.
      try {
        transaction.abort();
      } catch {
        // IndexedDB aborted it already, on the request that failed.
      }
      throw error;
    }
    await committed;
    if (categorized.eventBulk.events.length > 0 && categorized.newestRow) {
      const newest = categorized.newestRow.document;
      categorized.eventBulk.checkpoint = { id: newest[primaryPath], lwt: newest._meta.lwt };
      dexie.changes$.next(categorized.eventBulk);
    }
    return { error: categorized.errors };
  };
}
