/**
 * The rules of list-value sets (SPEC §5), pure: the server refuses with them and the admin
 * dialogs show them, in the same words.
 */
import type { ListItem } from '../schemas';
import { LIST_KEY_PATTERN } from '../schemas/lists';
import { messages } from './messages';

const KEY = new RegExp(LIST_KEY_PATTERN);

/** Why a new list's key is refused, or null. `existing` are the keys the site already has. */
export function listKeyError(key: string, existing: readonly string[] = []): string | null {
  if (key.trim() === '') return messages.lists.keyRequired;
  if (!KEY.test(key)) return messages.lists.keyInvalid;
  if (existing.includes(key)) return messages.lists.keyExists;
  return null;
}

export const labelError = (label: string): string | null => (label.trim() === '' ? messages.lists.labelRequired : null);

/** Why an item value is refused, or null. `taken` are the values already in the list. */
export function valueError(value: string, taken: readonly string[] = []): string | null {
  if (value.trim() === '') return messages.lists.valueRequired;
  if (taken.includes(value)) return messages.lists.valueExists;
  return null;
}

export type ListWriteMode = 'create' | 'add' | 'upsert';

export interface ListWrite {
  /** The list's items now; undefined when the list does not exist. */
  current: readonly ListItem[] | undefined;
  incoming: readonly ListItem[];
  mode: ListWriteMode;
  /** The value of an item the (single) incoming item replaces in place. */
  replace?: string;
}

/**
 * The items after a POST /lists/{siteId}/{fieldKey} (SPEC §7: add the list, or upsert items by
 * Value), or the sentence it is refused with. A new item goes last; an upserted one keeps its place.
 */
export function applyListWrite({ current, incoming, mode, replace }: ListWrite): { items: ListItem[] } | { error: string; conflict: boolean } {
  if (incoming.length === 0) return { error: messages.lists.firstItemRequired, conflict: false };
  const seen: string[] = [];
  for (const item of incoming) {
    const problem = labelError(item.Label) ?? valueError(item.Value, seen);
    if (problem) return { error: problem, conflict: false };
    seen.push(item.Value);
  }
  if (mode === 'create' && current) return { error: messages.lists.keyExists, conflict: true };
  const items = [...(current ?? [])];
  if (replace !== undefined) {
    if (incoming.length !== 1) return { error: 'Replace one item at a time: send exactly one item with Replace.', conflict: false };
    const [next] = incoming as [ListItem];
    const at = items.findIndex((i) => i.Value === replace);
    if (items.some((i, n) => i.Value === next.Value && n !== at)) return { error: messages.lists.valueExists, conflict: true };
    if (at >= 0) items[at] = next;
    else items.push(next);
    return { items };
  }
  for (const item of incoming) {
    const at = items.findIndex((i) => i.Value === item.Value);
    if (at >= 0 && mode === 'add') return { error: messages.lists.valueExists, conflict: true };
    if (at >= 0) items[at] = item;
    else items.push(item);
  }
  return { items };
}
