/**
 * What lists and detail views show (DESIGN.md §4.2): the pulled server state with the user's
 * own changes laid over it, so a change shows the moment it is made and stays until the pull
 * brings the server's version of it. Pure, so it is tested as a table (STYLE.md §3).
 */
import { SYNC_PRIMARY_KEYS, type OutboxEntry, type PulledCollection } from '../schemas';

export interface Overlaid<T> {
  doc: T;
  /** A change to it is still waiting to reach the server (the pending badge). */
  pending: boolean;
}

export interface OverlayInput<T> {
  collection: PulledCollection;
  /** The pulled documents, in the list's order. */
  docs: readonly T[];
  /** The user's outbox entries, in any order and status. */
  entries: readonly OutboxEntry[];
  /**
   * When the request that last completed a pull of the collection was sent (its
   * CollectionSyncState.lastSyncedAt). A change the server accepted after that is not in the
   * pulled state yet, so it is still laid over, without the pending badge.
   */
  syncedAt: number | null;
  /** The list's own condition, applied after the overlay: a permit rejected offline leaves "Open permits". */
  matches?: (doc: T) => boolean;
}

interface Slot<T> {
  doc: T | undefined;
  pending: boolean;
  deleted: boolean;
}

/** Whether an entry's effects belong on the screen: waiting, or accepted but not pulled yet. */
function inEffect(entry: OutboxEntry, syncedAt: number | null): boolean {
  if (entry.status === 'pending') return true;
  return entry.status === 'done' && entry.doneAt !== null && (syncedAt === null || entry.doneAt > syncedAt);
}

export function overlayPending<T extends object>(input: OverlayInput<T>): Overlaid<T>[] {
  const primaryKey = SYNC_PRIMARY_KEYS[input.collection];
  const keyOf = (doc: T) => String((doc as Record<string, unknown>)[primaryKey]);
  const slots = new Map<string, Slot<T>>(input.docs.map((doc) => [keyOf(doc), { doc, pending: false, deleted: false }]));
  const created: string[] = [];

  const entries = input.entries.filter((e) => inEffect(e, input.syncedAt)).sort((a, b) => a.seq - b.seq);
  for (const entry of entries) {
    for (const effect of entry.effects) {
      if (effect.collection !== input.collection) continue;
      let slot = slots.get(effect.key);
      if (!slot) {
        // Only a creation brings a document the pull has not: a patch of one we do not hold has nothing to show on.
        if (effect.kind !== 'create') continue;
        slot = { doc: effect.fields as T, pending: false, deleted: false };
        slots.set(effect.key, slot);
        created.push(effect.key);
      } else if (effect.kind === 'patch' && slot.doc) {
        slot.doc = { ...slot.doc, ...effect.fields };
      } else if (effect.kind === 'create' && slot.deleted) {
        slot.doc = effect.fields as T;
      }
      // A creation the pull already brought (the answer was lost, the entry not yet marked done) keeps the server's version.
      slot.deleted = effect.kind === 'delete';
      slot.pending ||= entry.status === 'pending';
    }
  }

  const keys = [...input.docs.map(keyOf), ...created];
  return keys.flatMap((key) => {
    const slot = slots.get(key)!;
    if (slot.deleted || !slot.doc || (input.matches && !input.matches(slot.doc))) return [];
    return [{ doc: slot.doc, pending: slot.pending }];
  });
}
