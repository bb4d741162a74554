import * as Y from 'yjs';

/**
 * The Yjs layout of permit content (DESIGN.md §5), shared by the browser and the server:
 *
 *   doc.getMap('content')           sub-form name (ContentsPath) → Y.Map
 *     Y.Map of one sub-form         field key → value
 *       scalar / array of scalars   stored as is: concurrent writes of one field converge on one of them
 *       plain object                Y.Map (select boxes, containers): different keys merge
 *       array of objects            Y.Array of Y.Map (data grid rows): rows two people add both survive
 *
 * Always go through these helpers: a replica that writes a row grid as a plain array would
 * turn concurrent row additions into last-writer-wins.
 */
export type ContentJson = Record<string, unknown>;
type Json = unknown;

export const CONTENT_ROOT = 'content';

/** Replicas build the same first state from the same JSON under this client id, so their structures are shared rather than doubled. */
export const GENESIS_CLIENT_ID = 0;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRowArray = (v: Json): v is Record<string, Json>[] => Array.isArray(v) && v.every(isObject);
const sortedKeys = (o: Record<string, Json>) => Object.keys(o).filter((k) => o[k] !== undefined).sort();

export const contentRoot = (doc: Y.Doc) => doc.getMap<unknown>(CONTENT_ROOT);

function toY(value: Json): unknown {
  if (isRowArray(value)) {
    const array = new Y.Array<unknown>();
    array.insert(0, value.map(toY));
    return array;
  }
  if (isObject(value)) {
    const map = new Y.Map<unknown>();
    for (const key of sortedKeys(value)) map.set(key, toY(value[key]));
    return map;
  }
  return structuredClone(value);
}

function fromY(value: unknown): Json {
  if (value instanceof Y.Map) {
    const out: Record<string, Json> = {};
    for (const key of [...value.keys()].sort()) out[key] = fromY(value.get(key));
    return out;
  }
  if (value instanceof Y.Array) return value.toArray().map(fromY);
  return value;
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = sortedKeys(a);
  return deepEqual(keys, sortedKeys(b)) && keys.every((k) => deepEqual(a[k], b[k]));
}

function syncMap(map: Y.Map<unknown>, target: Record<string, Json>): void {
  for (const key of [...map.keys()]) if (target[key] === undefined) map.delete(key);
  for (const key of sortedKeys(target)) syncValue(map, key, target[key]);
}

function syncValue(map: Y.Map<unknown>, key: string, value: Json): void {
  const existing = map.get(key);
  if (isRowArray(value) && existing instanceof Y.Array) return syncRows(existing, value);
  if (isObject(value) && existing instanceof Y.Map) return syncMap(existing, value);
  if (existing !== undefined && deepEqual(fromY(existing), value)) return;
  map.set(key, toY(value));
}

/**
 * Rows are matched by keeping the common head and tail and updating the rows between in place,
 * so an appended row is an insert (it merges with another replica's) and an edited cell touches
 * only that cell.
 */
function syncRows(array: Y.Array<unknown>, rows: Record<string, Json>[]): void {
  const current = array.toArray().map(fromY);
  let head = 0;
  while (head < current.length && head < rows.length && deepEqual(current[head], rows[head])) head++;
  let tail = 0;
  while (tail < current.length - head && tail < rows.length - head && deepEqual(current[current.length - 1 - tail], rows[rows.length - 1 - tail])) tail++;
  const oldMiddle = current.length - head - tail;
  const newMiddle = rows.length - head - tail;
  const paired = Math.min(oldMiddle, newMiddle);
  for (let i = head; i < head + paired; i++) {
    const row = array.get(i);
    if (row instanceof Y.Map) syncMap(row, rows[i]!);
    else {
      array.delete(i, 1);
      array.insert(i, [toY(rows[i])]);
    }
  }
  if (oldMiddle > paired) array.delete(head + paired, oldMiddle - paired);
  if (newMiddle > paired) array.insert(head + paired, rows.slice(head + paired, head + newMiddle).map(toY));
}

/** The content as JSON (ContentJSON), keys sorted. */
export const docToJson = (doc: Y.Doc): ContentJson => fromY(contentRoot(doc)) as ContentJson;

/** Makes the document hold `json`, changing only what differs, in one transaction (one update). */
export function applyJsonToDoc(doc: Y.Doc, json: ContentJson): void {
  doc.transact(() => syncMap(contentRoot(doc), json));
}

const randomClientId = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

/**
 * A document holding `json`, built under the genesis client id: every replica that starts a
 * permit without a Yjs state (ContentState '') from the same ContentJSON builds identical
 * items, so their later edits merge instead of doubling the content. Later edits get a random id.
 */
export function genesisDoc(json: ContentJson): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = GENESIS_CLIENT_ID;
  applyJsonToDoc(doc, json);
  doc.clientID = randomClientId();
  return doc;
}

/** The editor's document of a pulled permit or draft: its Yjs state, or the genesis of its JSON when it has none yet. */
export function docFromState(state: Uint8Array, json: ContentJson): Y.Doc {
  if (state.length === 0) return genesisDoc(json);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/** The fields (`SubForm.key`) whose values differ between two contents. */
export function changedFields(before: ContentJson, after: ContentJson): string[] {
  const changed: string[] = [];
  const forms = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const form of [...forms].sort()) {
    const a = isObject(before[form]) ? before[form] : {};
    const b = isObject(after[form]) ? after[form] : {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (!deepEqual(a[key], b[key])) changed.push(`${form}.${key}`);
    }
  }
  return changed;
}

/** Yjs states and updates travel as base64 (ContentState, PATCH /permitcontent `update`). */
export const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
