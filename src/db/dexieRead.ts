/**
 * RxDB's Dexie storage turns what IndexedDB holds back into a document by rebuilding every
 * nested object and array, to rename keys that begin with '__' (where its write put the '|' of
 * the key-compression plugin, which the replica does not use). Reading the 5,000 permits of a
 * list, or the startup's site data, the copies are most of the read's time on the main thread.
 */
import { DEXIE_PIPE_SUBSTITUTE, fromDexieToStorage } from 'rxdb/plugins/storage-dexie';

/** Whether a key of `value`, at any depth, begins with '__'. */
function hasRenamedKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasRenamedKey);
  for (const key in value) if (key.startsWith(DEXIE_PIPE_SUBSTITUTE) || hasRenamedKey((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * The same document as RxDB's fromDexieToStorage: a copy of the top level with its indexed
 * booleans back from '1' and '0', and RxDB's own rebuild only when some key needs renaming.
 */
export function fromDexie(booleanIndexes: readonly string[], stored: Record<string, unknown>): Record<string, unknown> {
  if (booleanIndexes.some((field) => field.includes('.')) || hasRenamedKey(stored)) return fromDexieToStorage([...booleanIndexes], stored);
  const doc = { ...stored };
  for (const field of booleanIndexes) doc[field] = stored[field] === '1';
  return doc;
}
