/**
 * What the device's cleanup purges (DESIGN.md §4.6): documents that have left the replica's
 * scope as time passed. The server stops sending them but sends no tombstone for mere ageing,
 * so the device drops them itself. Pure: `now` is passed in.
 */
import type { Draft, Permit, PulledCollection, WorkOrder } from '../schemas';
import { OPEN_PERMIT_STATES } from '../schemas';
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

export function selectForCleanup(candidates: CleanupCandidates, rules: CleanupRules): CleanupSelection {
  const { now, keptOffline, pending } = rules;
  // Permits: the server's scope is "open, or created in the last 15 days" (SPEC §9 permit list window).
  const permitCutoff = now - PERMIT_SCOPE_DAYS * DAY_MS;
  const permits = candidates.permits
    .filter((p) => !OPEN.has(p.State) && Date.parse(p.CreatedOn) < permitCutoff)
    .map((p) => p.PermitInstanceId)
    .filter((id) => !keptOffline.has(id) && !pending('permits', id));
  // Work orders: the offline window, scheduled from 3 weeks ago to 1 week ahead (SPEC §9).
  const from = now - WORK_ORDER_SCOPE_DAYS_BEFORE * DAY_MS;
  const to = now + WORK_ORDER_SCOPE_DAYS_AFTER * DAY_MS;
  const workorders = candidates.workorders
    .filter((w) => {
      const start = Date.parse(w.scheduledStart);
      return start < from || start > to;
    })
    .map((w) => w.workOrderNumber)
    .filter((id) => !pending('workorders', id));
  // Drafts: deleted 7 days after their last change (SPEC §9).
  const draftCutoff = now - DRAFT_RETENTION_DAYS * DAY_MS;
  const drafts = candidates.drafts
    .filter((d) => Date.parse(d.LastUpdatedOn) < draftCutoff)
    .map((d) => d.PermitInstanceId)
    .filter((id) => !pending('drafts', id));
  return { permits, workorders, drafts };
}
