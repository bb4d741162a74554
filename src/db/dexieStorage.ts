/**
 * RxDB's Dexie storage, with queries read in one IndexedDB request. RxDB's own Dexie query walks
 * an index with a cursor: one request, and one task of the page, per document. On a busy main
 * thread (a slow tablet opening the app) each of those tasks waits its turn behind rendering, so
 * reading the 500 work orders for a dashboard count took seconds. `getAll` answers the same index
 * range at once. Queries that stop early (a limit over a selector the index does not fully
 * answer) keep RxDB's cursor, which reads no more than it needs. What a query reads is copied
 * once, not rebuilt (src/db/dexieDocuments.ts).
 */
import {
  getQueryMatcher,
  getSortComparator,
  type PreparedQuery,
  type DexieStorageInternals,
  type RxDocumentData,
  type RxStorage,
  type RxStorageInstance,
} from 'rxdb';
import { flatBulkWrite } from './dexieBulkWrite';
import { fromDexie } from './dexieDocuments';
import { postChangesOnlyToOtherTabs } from './otherTabs';
import { DEXIE_DOCS_TABLE_NAME, dexieReplaceIfStartsWithPipe, getKeyRangeByQueryPlan, getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

// RxDB's storages differ in their internal types; any document type will do here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Instance = RxStorageInstance<any, DexieStorageInternals, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Query = PreparedQuery<any>;

async function queryAtOnce(instance: Instance, prepared: Query, cursorQuery: (prepared: Query) => ReturnType<Instance['query']>): ReturnType<Instance['query']> {
  const { query, queryPlan } = prepared;
  const skip = query.skip ?? 0;
  const end = skip + (typeof query.limit === 'number' ? query.limit : Infinity);
  const exact = queryPlan.selectorSatisfiedByIndex;
  if (Number.isFinite(end) && !(exact && queryPlan.sortSatisfiedByIndex)) return cursorQuery(prepared);

  const state = await instance.internals;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange);
  } catch (error) {
    // As RxDB's query: a key IndexedDB cannot hold matches nothing.
    if (error instanceof Error && error.name === 'DataError') return { documents: [] };
    throw error;
  }
  const indexName = `[${queryPlan.index.map(dexieReplaceIfStartsWithPipe).join('+')}]`;
  const stored = await state.dexieDb.transaction('r', state.dexieTable, (tx) => {
    const request = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName).getAll(range, Number.isFinite(end) ? end : undefined);
    return new Promise<Record<string, unknown>[]>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB getAll failed'));
    });
  });
  let documents = stored.map((doc) => fromDexie(state.booleanIndexes, doc) as RxDocumentData<unknown>);
  if (!exact) documents = documents.filter(getQueryMatcher(instance.schema, query));
  if (!queryPlan.sortSatisfiedByIndex) documents.sort(getSortComparator(instance.schema, query));
  return { documents: documents.slice(skip, end) };
}

/**
 * getRxStorageDexie() whose instances answer queries with queryAtOnce, write with flatBulkWrite
 * and post their changes only to other tabs there are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function getDexieStorage(): RxStorage<DexieStorageInternals, any> {
  const storage = getRxStorageDexie();
  const createInstance = storage.createStorageInstance.bind(storage);
  storage.createStorageInstance = async (params) => {
    const instance = await createInstance(params);
    if (params.multiInstance) await postChangesOnlyToOtherTabs(params.databaseName, params.databaseInstanceToken);
    const cursorQuery = instance.query.bind(instance);
    instance.query = (prepared) => queryAtOnce(instance, prepared, cursorQuery);
    instance.bulkWrite = flatBulkWrite(instance, instance.bulkWrite.bind(instance));
    return instance;
  };
  return storage;
}
