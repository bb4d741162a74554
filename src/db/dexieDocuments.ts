/**
 * Documents as the replica's IndexedDB holds them, both ways. RxDB's Dexie storage rebuilds every
 * nested object and array of each document it writes or reads, to rename keys beginning with '|'
 * (the key-compression plugin's, which the replica does not use) to '__' and back: on a first
 * sync of 5,000 permits the copies cost ~150 ms and IndexedDB then stored the rebuilt objects ~40%
 * slower; reading the 5,000 permits of a list, they were most of the read's time. Here only the
 * top level is copied, with the booleans IndexedDB indexes as '1' and '0'.
 */
import { DEXIE_PIPE_SUBSTITUTE, fromDexieToStorage } from 'rxdb/plugins/storage-dexie';

/** A boolean index inside a nested object: the copies here handle top-level fields only, so RxDB's own code must. */
export const hasNestedBooleanIndex = (booleanIndexes: readonly string[]) => booleanIndexes.some((field) => field.includes('.'));

/** What IndexedDB stores for `doc`: booleans it indexes become '1' and '0', as RxDB's Dexie storage stores them. */
export function toDexie(booleanIndexes: readonly string[], doc: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...doc };
  for (const field of booleanIndexes) stored[field] = doc[field] ? '1' : '0';
  return stored;
}

/** Whether a key of `value`, at any depth, begins with '__'. */
function hasRenamedKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasRenamedKey);
  for (const key in value) if (key.startsWith(DEXIE_PIPE_SUBSTITUTE) || hasRenamedKey((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * The same document as RxDB's fromDexieToStorage: a copy of the top level with its indexed
 * booleans back from '1' and '0', and RxDB's own rebuild only when some key needs renaming
 * (RxDB's read turns '__' into '|'; a key written with '|' reads back the same either way).
 */
export function fromDexie(booleanIndexes: readonly string[], stored: Record<string, unknown>): Record<string, unknown> {
  if (hasNestedBooleanIndex(booleanIndexes) || hasRenamedKey(stored)) return fromDexieToStorage([...booleanIndexes], stored);
  const doc = { ...stored };
  for (const field of booleanIndexes) doc[field] = stored[field] === '1';
  return doc;
}
