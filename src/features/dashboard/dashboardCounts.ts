/**
 * The dashboard's counts (SPEC §2 /): pure, so the rules are checked apart from the replica's
 * queries. The counts come from indexed count queries; the user's own queued changes of the few
 * permits they touch are then laid over (a permit rejected offline leaves "Open Permits" at once).
 */
import { overlayPending } from '../../../replication/outboxOverlay';
import { MENU } from '../../../domain/access';
import { OPEN_PERMIT_STATES, type OutboxEntry, type Permit } from '../../../schemas';

/** Where each card's View Details goes (SPEC §2). */
export const DASHBOARD_LINKS = {
  openPermits: MENU.find((entry) => entry.label === 'Open Permits')!.to,
  needingApproval: '/permits/list?state=PENDING',
  openWorkorders: '/workorders/list',
} as const;

/** Open: not COMPLETED, REVOKED or REJECTED (SPEC §2). */
export const isOpenPermit = (permit: Pick<Permit, 'State'>) => (OPEN_PERMIT_STATES as readonly string[]).includes(permit.State);
export const needsApproval = (permit: Pick<Permit, 'State'>) => permit.State === 'PENDING';

/**
 * `pulledCount` (the replica's count of permits matching) corrected by the user's changes:
 * `touched` are the pulled permits those changes affect. Only they can move in or out, so the
 * correction is how many of them match after the overlay minus how many matched before.
 */
export function overlaidCount(
  pulledCount: number,
  touched: readonly Permit[],
  entries: readonly OutboxEntry[],
  syncedAt: number | null,
  matches: (permit: Permit) => boolean,
): number {
  const after = overlayPending({ collection: 'permits', docs: touched, entries, syncedAt, matches }).length;
  return pulledCount + after - touched.filter(matches).length;
}

/** The keys of the permits the entries change, once each. */
export function touchedPermitKeys(entries: readonly OutboxEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.effects.filter((e) => e.collection === 'permits').map((e) => e.key)))];
}

/** Open work orders: one of their statuses is active at the user's home location (its metadata's ActiveStatuses). */
export function countOpenWorkOrders(workOrders: readonly { readonly workOrderStatus: readonly string[] }[], activeStatuses: readonly string[]): number {
  const active = new Set(activeStatuses);
  return workOrders.filter((w) => w.workOrderStatus.some((status) => active.has(status))).length;
}
