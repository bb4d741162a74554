/**
 * What the device's cleanup purges (DESIGN.md §4.6): documents that have left the replica's
 * scope as time passed. The server stops sending them but sends no tombstone for mere ageing,
 * so the device drops them itself. Pure: `now` is passed in.
 */
import type { Draft, Permit, PulledCollection, WorkOrder } from '../schemas';
import { OPEN_PERMIT_STATES, PERMIT_STATES } from '../schemas';
import { DRAFT_RETENTION_DAYS } from './constants';
import { PERMIT_SCOPE_DAYS, WORK_ORDER_SCOPE_DAYS_AFTER, WORK_ORDER_SCOPE_DAYS_BEFORE } from './replicaScope';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CleanupCandidates {
  permits: readonly Pick<Permit, 'PermitInstanceId' | 'State' | 'CreatedOn'>[];
  workorders: readonly Pick<WorkOrder, 'workOrderNumber' | 'scheduledStart'>[];
  drafts: readonly Pick<Draft, 'PermitInstanceId' | 'LastUpdatedOn'>[];
}

export interface CleanupRules {
  /** Epoch milliseconds. */
  now: number;
  /** Permits the user marked "available offline". */
  keptOffline: ReadonlySet<string>;
  /** Whether a document has a pending outbox entry: never purged, or the user's change would show on nothing. */
  pending: (collection: PulledCollection, key: string) => boolean;
}

/** Keys to purge per collection. */
export interface CleanupSelection {
  permits: string[];
  workorders: string[];
  drafts: string[];
}

const OPEN = new Set<string>(OPEN_PERMIT_STATES);
/** The states a permit may age out of the scope in. */
export const CLOSED_PERMIT_STATES = PERMIT_STATES.filter((s) => !OPEN.has(s));

/** The edges of the scope at `now`, in epoch milliseconds. */
export interface CleanupWindows {
  /** A closed permit created before this has left the scope: "open, or created in the last 15 days" (SPEC §9 permit list window). */
  permitsCreatedFrom: number;
  /** Work orders: the offline window, scheduled from 3 weeks ago to 1 week ahead (SPEC §9). */
  workOrdersScheduledFrom: number;
  workOrdersScheduledTo: number;
  /** Drafts: deleted 7 days after their last change (SPEC §9). */
  draftsChangedFrom: number;
}

export function cleanupWindows(now: number): CleanupWindows {
  return {
    permitsCreatedFrom: now - PERMIT_SCOPE_DAYS * DAY_MS,
    workOrdersScheduledFrom: now - WORK_ORDER_SCOPE_DAYS_BEFORE * DAY_MS,
    workOrdersScheduledTo: now + WORK_ORDER_SCOPE_DAYS_AFTER * DAY_MS,
    draftsChangedFrom: now - DRAFT_RETENTION_DAYS * DAY_MS,
  };
}

/**
 * An ISO timestamp a day past `ms` towards `side`: every timestamp of that instant or beyond, in
 * any time zone's notation, compares as a string on that side of it. The replica's indexes
 * compare strings; reading a little more than the window is cheap and the exact test follows.
 */
export function timestampBound(ms: number, side: 'before' | 'after'): string {
  return new Date(side === 'before' ? ms + DAY_MS : ms - DAY_MS).toISOString();
}

export function selectForCleanup(candidates: CleanupCandidates, rules: CleanupRules): CleanupSelection {
  const { now, keptOffline, pending } = rules;
  const windows = cleanupWindows(now);
  const permits = candidates.permits
    .filter((p) => !OPEN.has(p.State) && Date.parse(p.CreatedOn) < windows.permitsCreatedFrom)
    .map((p) => p.PermitInstanceId)
    .filter((id) => !keptOffline.has(id) && !pending('permits', id));
  const workorders = candidates.workorders
    .filter((w) => {
      const start = Date.parse(w.scheduledStart);
      return start < windows.workOrdersScheduledFrom || start > windows.workOrdersScheduledTo;
    })
    .map((w) => w.workOrderNumber)
    .filter((id) => !pending('workorders', id));
  const drafts = candidates.drafts
    .filter((d) => Date.parse(d.LastUpdatedOn) < windows.draftsChangedFrom)
    .map((d) => d.PermitInstanceId)
    .filter((id) => !pending('drafts', id));
  return { permits, workorders, drafts };
}
