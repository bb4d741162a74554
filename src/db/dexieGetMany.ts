/**
 * A Dexie middleware that reads many documents by key without asking IndexedDB for the ones it
 * does not hold. Dexie asks one `get` per key: RxDB's Dexie storage once read a first sync's
 * page of 1,000 new permits that way before writing it, 1,000 requests, each a task of the page,
 * all answering "none" (~10% of the sync's CPU). The writes no longer read new documents
 * (dexieBulkWrite.ts); RxDB's reads by key (findByIds) still come here. One `getAllKeys` over
 * the keys' range tells which are stored; only those are read.
 */
import type { DexieSettings } from 'rxdb';

// The types of the Dexie RxDB bundles (its own copy, not the app's).
type Middleware = Parameters<Parameters<NonNullable<DexieSettings['onCreate']>>[0]['use']>[0];
type DBCoreTable = ReturnType<Parameters<Middleware['create']>[0]['table']>;
type DBCoreGetManyRequest = Parameters<DBCoreTable['getMany']>[0];

/** Below this many keys, Dexie's own getMany is as quick (a catch-up pull's page, a local document). */
const MIN_KEYS = 50;
/**
 * The keys of the range are read up to this many per key asked for: a page of keys spread over a
 * much larger table (a catch-up of a full replica) reads them one by one, as Dexie does.
 */
const KEYS_READ_PER_KEY = 8;
/** DBCoreRangeType.Range: a const enum, which isolated modules cannot read. */
const RANGE = 2;

function readPresentOnly(table: DBCoreTable): DBCoreTable['getMany'] {
  return async (request: DBCoreGetManyRequest) => {
    const { keys } = request;
    if (keys.length < MIN_KEYS || !keys.every((key): key is string => typeof key === 'string')) return table.getMany(request);
    let [lower, upper] = [keys[0]!, keys[0]!];
    for (const key of keys) {
      if (key < lower) lower = key;
      if (key > upper) upper = key;
    }
    const limit = keys.length * KEYS_READ_PER_KEY;
    const stored = await table.query({
      trans: request.trans,
      values: false,
      limit,
      query: { index: table.schema.primaryKey, range: { type: RANGE, lower, upper } },
    });
    if (stored.result.length >= limit) return table.getMany(request);
    const present = new Set(stored.result as string[]);
    // Dexie's getMany skips null keys, leaving undefined at their place, as for a key not stored.
    return table.getMany({ ...request, keys: keys.map((key) => (present.has(key) ? key : null)) });
  };
}

/** Register with `dexie.use()` before the database opens. */
export const getManyPresentOnly: Middleware = {
  stack: 'dbcore',
  name: 'getManyPresentOnly',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name);
      return { ...table, getMany: readPresentOnly(table) };
    },
  }),
};
