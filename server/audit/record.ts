import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActorKind } from '../../schemas/audit';
import { queueBeforeCommit, type Queryable } from '../db/database';
import type { UserRecord } from '../users/users';
import { appendEvents, historyEntry, type PendingEvent } from './chain';

/** Who acted, as the event keeps it: the name as it was then, even if the account changes later. */
export interface Actor {
  id: number | null;
  name: string;
  kind: AuditActorKind;
}

/** The server acting on its own: a permit timing out. */
export const SYSTEM_ACTOR: Actor = { id: null, name: 'OpenPermit', kind: 'system' };

export type AccountActor = Pick<UserRecord, 'personnel_id' | 'first_name' | 'last_name' | 'kind'>;

/** An account as an actor: employees and contractors (external users). */
export function actorOf(user: AccountActor): Actor {
  return { id: user.personnel_id, name: `${user.first_name} ${user.last_name}`.trim(), kind: user.kind === 'external' ? 'contractor' : 'employee' };
}

/**
 * What an event is about. A permit's events also go to its history (permits.history) and take
 * its location from its row; other subjects name their location where they have one (the export
 * of a location's events reads it).
 */
export type Subject =
  | { type: 'permit'; id: string; /** Used only when the permit's row is not there to give it. */ locationId?: number | null; siteId?: undefined }
  | {
      type: 'draft' | 'isolation' | 'handover' | 'template' | 'form' | 'definition' | 'user' | 'printer' | 'list' | 'settings' | 'location' | 'workorders' | 'system';
      id: string | number;
      locationId?: number | null;
      /** A site's subject is at the site's top location. */
      siteId?: number;
    };

/** Whoever acted: an account, or an Actor made for the server. */
export type Who = Actor | AccountActor;

/**
 * The server time of the events recorded in it, instead of the commit's: only the demo seed sets
 * it, replaying permits made hours ago so that their history reads as it would have happened.
 */
export const replayedTime = new AsyncLocalStorage<Date>();

const pending = new WeakMap<Queryable, PendingEvent[]>();

/**
 * Records an event of the change `tx` makes: who, what, about what. Written when the transaction
 * is about to commit, so it commits with the change or not at all (it throws outside a write
 * transaction). The server's time is taken then; the device's from the request (MADE_AT_HEADER).
 */
export async function audit(tx: Queryable, who: Who, action: string, subject: Subject, details: Record<string, unknown> = {}): Promise<void> {
  queueEvent(tx, who, action, subject, details);
}

/**
 * Records a permit's event as audit does, but for the permit's own update to write into its
 * history, with the events recorded before it that are not there yet, in order: the text of a
 * jsonb array for `history = history || $n::jsonb`. One write of the permit's row instead of
 * two: each write rebuilds its stored document and, too wide to stay on its page, every index
 * entry (issue 40's cost). The event's location is the one given.
 */
export function historyAhead(tx: Queryable, who: Who, action: string, permit: { id: string; locationId: number }, details: Record<string, unknown>): string {
  const events = queueEvent(tx, who, action, { type: 'permit', ...permit }, details);
  const at = new Date().toISOString();
  const ahead = events.filter((e) => e.subjectType === 'permit' && e.subjectId === permit.id && !e.inHistory);
  for (const event of ahead) {
    event.at ??= at;
    event.inHistory = true;
    event.locationId = permit.locationId;
  }
  return JSON.stringify(ahead.map((event) => historyEntry(event, at)));
}

function queueEvent(tx: Queryable, who: Who, action: string, subject: Subject, details: Record<string, unknown>): PendingEvent[] {
  let events = pending.get(tx);
  let deviceAt: string | null;
  if (events) deviceAt = events[0]!.deviceAt;
  else {
    const queued: PendingEvent[] = [];
    deviceAt = queueBeforeCommit(tx, (session) => appendEvents(session, queued))?.deviceAt ?? null;
    pending.set(tx, (events = queued));
  }
  events.push({
    actor: 'personnel_id' in who ? actorOf(who) : who,
    action,
    subjectType: subject.type,
    subjectId: String(subject.id),
    locationId: subject.locationId ?? null,
    siteId: subject.siteId ?? null,
    // Through JSON now: the hash is of what the jsonb column gives back.
    details: JSON.parse(JSON.stringify(details)) as Record<string, unknown>,
    deviceAt,
    at: replayedTime.getStore()?.toISOString() ?? null,
  });
  return events;
}
