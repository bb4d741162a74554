/**
 * The outbox (DESIGN.md §4.2): the device's durable queue of changes for the server, and the
 * only way a change reaches it. Any tab appends; the leader tab sends (outboxProcessor.ts).
 */
import { map, type Observable } from 'rxjs';
import type { OutboxEffect, OutboxEntry, OutboxMethod, OutboxStatus, PulledCollection } from '../schemas';
import type { ReplicaDatabase } from './replica';

/** A change for the server, as a feature describes it. */
export interface OutboxRequest {
  method: OutboxMethod;
  /** Relative to /api, as in SPEC §7. */
  path: string;
  body?: unknown;
  /** What the user did, in words they recognise, for the "Not synced" list. */
  label: string;
  /** What it does to replicated documents, shown before the server confirms (outboxOverlay.ts). */
  effects?: OutboxEffect[];
}

/** Done entries are kept this long after the server accepted them, then pruned. */
/**
 * Who writes from a screen of the device: the replica, the owner of the queue, and the signed-in
 * person, as the screens stamp what they show at once, before the server's own stamps arrive.
 */
export interface ActingWriter {
  db: ReplicaDatabase;
  owner: string;
  personnelId: number;
  name: string;
  now?: () => Date;
}

/** A screen's write: null when the change is queued, else the refusal to show. */
export type WriteResult = string | null;

export const DONE_RETENTION_MS = 60 * 60 * 1000;

let lastSeq = 0;

/**
 * Queue order: the time of appending, kept strictly increasing within the tab and always after
 * the user's entries still waiting. Those may come from an earlier page on a clock since set
 * back (network time after a shift on a fast tablet clock): by the clock alone, an edit made
 * after the reload would be sent before the permit it edits, and refused.
 */
async function nextSeq(db: ReplicaDatabase, owner: string, now: number): Promise<number> {
  const last = await db.outbox.findOne({ selector: { owner, status: 'pending' }, sort: [{ seq: 'desc' }] }).exec();
  lastSeq = Math.max(now, lastSeq + 1, (last?.seq ?? 0) + 1);
  return lastSeq;
}

/** A version 4 UUID; also outside secure contexts (plain-http site servers), where randomUUID is missing. */
export function newId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Appends a change to the end of the queue, as `owner` (the signed-in user's email). Written
 * locally before anything is sent: from here on it survives reloads, crashes and offline days.
 */
export async function appendToOutbox(db: ReplicaDatabase, owner: string, request: OutboxRequest, now = Date.now()): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: newId(),
    owner,
    seq: await nextSeq(db, owner, now),
    method: request.method,
    path: request.path,
    ...(request.body === undefined ? {} : { body: request.body }),
    label: request.label,
    createdAt: new Date(now).toISOString(),
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: 0,
    doneAt: null,
    effects: request.effects ?? [],
  };
  await db.outbox.insert(entry);
  return entry;
}

/**
 * Sends a refused change again, at the end of the queue. It goes as a new entry with a new
 * Idempotency-Key: the server keeps its refusal under the old key and would only replay it.
 * Inserted before the old one is removed, so a crash in between leaves a duplicate, not a loss.
 */
export async function retryOutboxEntry(db: ReplicaDatabase, id: string, now = Date.now()): Promise<OutboxEntry | null> {
  const refused = await db.outbox.findOne(id).exec();
  if (!refused || refused.status !== 'refused') return null;
  const { method, path, body, label, effects } = refused.toMutableJSON();
  const entry = await appendToOutbox(db, refused.owner, { method, path, body, label, effects }, now);
  await refused.remove();
  return entry;
}

/** Forgets a refused change the user has read (and perhaps copied). Pending ones cannot be dismissed. */
export async function dismissOutboxEntry(db: ReplicaDatabase, id: string): Promise<boolean> {
  const refused = await db.outbox.findOne(id).exec();
  if (!refused || refused.status !== 'refused') return false;
  await refused.remove();
  return true;
}

/** The user's pending changes in queue order, as they change (for the pending overlay). */
export function pendingEntries$(db: ReplicaDatabase, owner: string): Observable<OutboxEntry[]> {
  return entries$(db, owner, 'pending');
}

/** The user's refused changes, oldest first: the "Not synced" list. */
export function refusedEntries$(db: ReplicaDatabase, owner: string): Observable<OutboxEntry[]> {
  return entries$(db, owner, 'refused');
}

/**
 * The user's changes whose effects may still be missing from the pulled state: pending ones, and
 * done ones until the pull brings their result (what overlayPending lays over lists).
 */
export function overlayEntries$(db: ReplicaDatabase, owner: string): Observable<OutboxEntry[]> {
  return entries$(db, owner, ['pending', 'done']);
}

/** One entry as it changes (null once removed): a screen can tell the user when the server accepted or refused it. */
export function outboxEntry$(db: ReplicaDatabase, id: string): Observable<OutboxEntry | null> {
  return db.outbox.findOne(id).$.pipe(map((doc) => doc?.toMutableJSON() ?? null));
}

/** The user's entries in any of the given statuses, in queue order. */
export const entriesOfStatus$ = (db: ReplicaDatabase, owner: string, statuses: OutboxStatus[]) => entries$(db, owner, statuses);

function entries$(db: ReplicaDatabase, owner: string, status: OutboxStatus | OutboxStatus[]): Observable<OutboxEntry[]> {
  const selector = { owner, status: Array.isArray(status) ? { $in: status } : status };
  return db.outbox.find({ selector, sort: [{ seq: 'asc' }] }).$.pipe(map((docs) => docs.map((doc) => doc.toMutableJSON())));
}

/** Whether a document has a pending change of anyone on this device. */
export async function pendingKeys(db: ReplicaDatabase): Promise<(collection: PulledCollection, key: string) => boolean> {
  const pending = await db.outbox.find({ selector: { status: 'pending' } }).exec();
  const keys = new Set(pending.flatMap((entry) => entry.effects.map((e) => `${e.collection}\n${e.key}`)));
  return (collection, key) => keys.has(`${collection}\n${key}`);
}

/** Removes done entries older than DONE_RETENTION_MS: by then the pull has brought their result. */
export async function pruneDone(db: ReplicaDatabase, now = Date.now()): Promise<number> {
  const old = await db.outbox.find({ selector: { status: 'done', doneAt: { $lt: now - DONE_RETENTION_MS } } }).exec();
  if (old.length > 0) await db.outbox.bulkRemove(old.map((entry) => entry.id));
  return old.length;
}
