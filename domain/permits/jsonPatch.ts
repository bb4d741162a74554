import type { Doc } from 'yjs';
import { applyJsonToDoc, deepEqual, docToJson, type ContentJson } from './yContent';

/** One RFC 6902 operation, as integrations send them to PATCH /permitcontent. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

/** A patch that cannot apply; its message names the operation and the path. */
export class PatchError extends Error {}

type Container = Record<string, unknown> | unknown[];

const parsePointer = (pointer: string): string[] => {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`"${pointer}" is not a JSON pointer: it must start with "/".`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
};

function parentOf(root: unknown, tokens: string[], pointer: string): [Container, string] {
  let node = root;
  for (const token of tokens.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(token)] : (node as Record<string, unknown> | null)?.[token];
    if (typeof node !== 'object' || node === null) throw new PatchError(`The path "${pointer}" does not exist in the permit content.`);
  }
  if (typeof node !== 'object' || node === null) throw new PatchError(`The path "${pointer}" does not exist in the permit content.`);
  return [node as Container, tokens.at(-1)!];
}

function index(array: unknown[], token: string, pointer: string, forAdd: boolean): number {
  if (forAdd && token === '-') return array.length;
  const i = Number(token);
  if (!/^\d+$/.test(token) || i > array.length || (!forAdd && i === array.length)) throw new PatchError(`"${pointer}" is not an index of that list.`);
  return i;
}

function get(root: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return root;
  const [parent, key] = parentOf(root, tokens, pointer);
  const value = Array.isArray(parent) ? parent[index(parent, key, pointer, false)] : parent[key];
  if (value === undefined) throw new PatchError(`The path "${pointer}" does not exist in the permit content.`);
  return value;
}

function remove(root: unknown, pointer: string): unknown {
  const value = get(root, pointer);
  const [parent, key] = parentOf(root, parsePointer(pointer), pointer);
  if (Array.isArray(parent)) parent.splice(index(parent, key, pointer, false), 1);
  else delete parent[key];
  return value;
}

function add(root: unknown, pointer: string, value: unknown, replace: boolean): void {
  const [parent, key] = parentOf(root, parsePointer(pointer), pointer);
  if (Array.isArray(parent)) parent.splice(index(parent, key, pointer, !replace), replace ? 1 : 0, structuredClone(value));
  else parent[key] = structuredClone(value);
}

/** Applies the operations to a copy of `content`; all apply, or a PatchError says which did not. */
export function applyJsonPatch(content: ContentJson, operations: readonly PatchOperation[]): ContentJson {
  const root = structuredClone(content);
  for (const operation of operations) {
    const { op, path } = operation;
    if (parsePointer(path).length === 0) throw new PatchError('An operation must name a field inside the content, not the whole content.');
    if (op === 'add') add(root, path, operation.value, false);
    else if (op === 'replace') {
      get(root, path);
      add(root, path, operation.value, true);
    } else if (op === 'remove') remove(root, path);
    else if (op === 'move') add(root, path, remove(root, operation.from ?? ''), false);
    else if (op === 'copy') add(root, path, get(root, operation.from ?? ''), false);
    else if (!deepEqual(get(root, path), operation.value)) throw new PatchError(`The test of "${path}" failed: the content has changed.`);
  }
  return root;
}

/** JSON Patch applied as one Yjs transaction over the document (DESIGN.md §5). */
export function applyPatchToDoc(doc: Doc, operations: readonly PatchOperation[]): void {
  applyJsonToDoc(doc, applyJsonPatch(docToJson(doc), operations));
}
