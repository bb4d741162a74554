import diagnostics from 'node:diagnostics_channel';
import type { PermitHistoryEvent } from '../../schemas/audit';
import type { Queryable } from '../db/database';
import { eventHash, GENESIS_HASH, type ChainedEvent } from './canonical';
import type { Actor } from './record';

/** An event recorded in a transaction, waiting for its commit to be written. */
export interface PendingEvent {
  actor: Actor;
  action: string;
  subjectType: string;
  subjectId: string;
  /** Where a non-permit subject is; a permit's is read from its row. */
  locationId: number | null;
  /** A site's subject: its location is the site's top location. */
  siteId: number | null;
  details: Record<string, unknown>;
  deviceAt: string | null;
  /** Set when replayed (the demo seed) or written into the permit's history ahead; else the time of the write. */
  at: string | null;
  /** Already in its permit's history: written by the permit's own update (historyAhead). */
  inHistory?: boolean;
}

/**
 * Told how long each transaction spent writing its events and extending the chain, and in which
 * part (ms by part): the load run's trace (bench/load/serverTrace.ts) gives a push's share of it.
 * Free without a subscriber.
 */
const appended = diagnostics.channel('openpermit.audit.append');
export type AppendPart = 'histories' | 'head' | 'insert';

/**
 * Writes a transaction's events, the last thing it does before it commits. Lock order (no
 * deadlock with the rest of the app): the permits' rows first — appending to their history
 * fires the sync triggers, which take the sync clock's row as every write to a synced table
 * does — then the chain's head, which nothing else locks, then the events themselves. The server
 * time is taken before the head is waited for: along the chain, times of concurrent
 * transactions may be out of order by that wait.
 */
export async function appendEvents(tx: Queryable, pending: PendingEvent[], options: { sealOnly?: boolean } = {}): Promise<void> {
  if (pending.length === 0 && !options.sealOnly) return;
  if (!appended.hasSubscribers) return writeEvents(tx, pending, () => {});
  const started = performance.now();
  const parts: Partial<Record<AppendPart, number>> = {};
  let last = started;
  const lap = (part: AppendPart) => {
    const now = performance.now();
    parts[part] = now - last;
    last = now;
  };
  try {
    await writeEvents(tx, pending, lap);
  } finally {
    appended.publish({ ms: performance.now() - started, parts });
  }
}

async function writeEvents(tx: Queryable, pending: PendingEvent[], lap: (part: AppendPart) => void): Promise<void> {
  const at = new Date().toISOString();
  const locations = await appendToHistories(tx, pending, at);
  lap('histories');
  const siteIds = [...new Set(pending.filter((e) => e.locationId === null && e.siteId !== null).map((e) => e.siteId!))];
  const siteTops = new Map<number, number>();
  if (siteIds.length > 0) {
    const tops = await tx.query<{ site_id: number; location_id: number }>(
      'select site_id, min(location_id) as location_id from locations where site_id = any($1) and parent_location_id = 0 group by site_id',
      [siteIds],
    );
    for (const top of tops) siteTops.set(top.site_id, top.location_id);
  }
  const [head] = await tx.query<{ last_id: number | string; hash: string | null }>('select last_id, hash from audit_head for update');
  lap('head');
  if (!head) throw new Error('The audit chain has no head row (migration 018 was not applied).');
  let prevHash = head.hash ?? (await sealEarlierEvents(tx, Number(head.last_id)));
  if (pending.length === 0) return;
  let id = Number(head.last_id);
  const rows = pending.map((event) => {
    const chained: ChainedEvent = {
      id: ++id,
      at: event.at ?? at,
      device_at: event.deviceAt,
      actor_id: event.actor.id,
      actor_name: event.actor.name,
      actor_kind: event.actor.kind,
      action: event.action,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      location_id:
        event.subjectType === 'permit'
          ? (locations.get(event.subjectId) ?? event.locationId)
          : (event.locationId ?? (event.siteId === null ? null : (siteTops.get(event.siteId) ?? null))),
      details: event.details,
    };
    const hash = eventHash(prevHash, chained);
    const row = { ...chained, prev_hash: prevHash, hash };
    prevHash = hash;
    return row;
  });
  await tx.query(
    `with inserted as (
       insert into audit_log (id, at, device_at, personnel_id, actor_name, actor_kind, action, subject_type, subject_id, location_id, detail, prev_hash, hash)
       select id, at, device_at, actor_id, actor_name, actor_kind, action, subject_type, subject_id, location_id, details, prev_hash, hash
       from jsonb_to_recordset($1::jsonb) as e(id bigint, at timestamptz, device_at timestamptz, actor_id integer, actor_name text, actor_kind text,
         action text, subject_type text, subject_id text, location_id integer, details jsonb, prev_hash text, hash text)
     )
     update audit_head set last_id = $2, hash = $3`,
    [JSON.stringify(rows), id, prevHash],
  );
  lap('insert');
}

/** A permit's event as its history keeps it. */
export function historyEntry(event: PendingEvent, at: string): PermitHistoryEvent {
  // The permit's own id is in every permit event's details: inside the permit it says nothing.
  const details = { ...event.details };
  delete details.PermitInstanceId;
  return {
    At: event.at ?? at,
    DeviceAt: event.deviceAt,
    ActorId: event.actor.id,
    ActorName: event.actor.name,
    ActorKind: event.actor.kind,
    Action: event.action,
    Details: details,
  };
}

/**
 * Appends each permit's events to its history (oldest first), but those its own update already
 * wrote; answers each permit's location.
 */
async function appendToHistories(tx: Queryable, pending: PendingEvent[], at: string): Promise<Map<string, number>> {
  const byPermit = new Map<string, PermitHistoryEvent[]>();
  const locations = new Map<string, number>();
  for (const event of pending) {
    if (event.subjectType !== 'permit') continue;
    if (event.inHistory) {
      if (event.locationId !== null) locations.set(event.subjectId, event.locationId);
      continue;
    }
    byPermit.set(event.subjectId, [...(byPermit.get(event.subjectId) ?? []), historyEntry(event, at)]);
  }
  if (byPermit.size === 0) return locations;
  // The permits are already locked, as a rule, by the change the events describe.
  const ids = [...byPermit.keys()];
  const rows = await tx.query<{ id: string; location_id: number }>(
    `update permits p set history = p.history || h.events
     from jsonb_each($1::jsonb) as h(id, events)
     where p.permit_instance_id = h.id
     returning p.permit_instance_id as id, p.location_id`,
    [JSON.stringify(Object.fromEntries(ids.map((id) => [id, byPermit.get(id)])))],
  );
  for (const row of rows) locations.set(row.id, row.location_id);
  return locations;
}

/**
 * Seals the events recorded before the chain existed (migration 018 left their hashes null):
 * chained in id order from the genesis hash, once, under the head's lock. Answers the last hash.
 */
async function sealEarlierEvents(tx: Queryable, lastId: number): Promise<string> {
  const events = await readEvents(tx, 0, lastId);
  let prevHash = GENESIS_HASH;
  const sealed: { id: number; prev_hash: string; hash: string }[] = [];
  for (const event of events) {
    const hash = eventHash(prevHash, event);
    sealed.push({ id: event.id, prev_hash: prevHash, hash });
    prevHash = hash;
  }
  if (sealed.length > 0) {
    await tx.query(
      `update audit_log a set prev_hash = s.prev_hash, hash = s.hash
       from jsonb_to_recordset($1::jsonb) as s(id bigint, prev_hash text, hash text) where a.id = s.id and a.hash is null`,
      [JSON.stringify(sealed)],
    );
  }
  await tx.query('update audit_head set hash = $1', [prevHash]);
  return prevHash;
}

/** A stored event with its hashes, as verify and export read it. */
export interface StoredEvent extends ChainedEvent {
  prev_hash: string | null;
  hash: string | null;
}

/** The columns of a StoredEvent, for queries that read events. */
export const EVENT_COLUMNS = `id, at, device_at, personnel_id as actor_id, actor_name, actor_kind, action, subject_type, subject_id, location_id,
  detail as details, prev_hash, hash`;

/** Events with ids in (afterId, toId], in order, as stored. */
export async function readEvents(db: Queryable, afterId: number, toId: number): Promise<StoredEvent[]> {
  const rows = await db.query<Record<string, unknown>>(`select ${EVENT_COLUMNS} from audit_log where id > $1 and id <= $2 order by id`, [afterId, toId]);
  return rows.map(storedEvent);
}

/** A row of EVENT_COLUMNS as the event it hashes: numbers as numbers, times as ISO text. */
export function storedEvent(row: Record<string, unknown>): StoredEvent {
  return {
    id: Number(row.id),
    at: isoTime(row.at)!,
    device_at: isoTime(row.device_at),
    actor_id: row.actor_id == null ? null : Number(row.actor_id),
    actor_name: String(row.actor_name),
    actor_kind: String(row.actor_kind),
    action: String(row.action),
    subject_type: String(row.subject_type),
    subject_id: String(row.subject_id),
    location_id: row.location_id == null ? null : Number(row.location_id),
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>,
    prev_hash: (row.prev_hash as string | null) ?? null,
    hash: (row.hash as string | null) ?? null,
  };
}

function isoTime(value: unknown): string | null {
  if (value == null) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
