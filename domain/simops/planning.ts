import type { SimopsWork } from './clash';
import { ISSUED_WITHOUT_END_MS } from './work';

/** What the planning hint reads of a work order: where (its asset, SAP's functional location) and when it is scheduled. */
export interface PlannedOrder {
  workOrderNumber: string;
  assetNumber: string;
  scheduledStart: string;
  siteId: number;
}

/** A permit of the replica as the hint reads it. */
export interface PlanningPermit {
  id: string;
  SiteId: number;
  assetNumber: string;
  workOrderNumber: string;
  DateChanged: string;
  /** Where it is drawn, in metres on its plan (any state: equipment does not move); null when not placed. */
  place: { plan: number; x: number; y: number } | null;
  /** As the clash function sees it now (open, placed, within 24 hours); null when it cannot clash. */
  work: SimopsWork | null;
  /** The widest separation a rule of its site's matrix sets around its kinds of work. */
  reachM: number;
}

/** One open permit a scheduled order would meet. */
export interface PlanningHint {
  permitId: string;
  kinds: readonly string[];
  /** 0 at the order's own asset. */
  distanceM: number;
  sameAsset: boolean;
  /** The widest separation a rule sets around the permit's kinds of work: why it counts this far. */
  reachM: number;
  overlap: { start: number; end: number };
}

const assetKey = (asset: string) => asset.trim().toUpperCase();

/** When a work order's work runs: from its scheduled start for a shift (orders carry no end); null without a start. */
export function plannedWindow(order: Pick<PlannedOrder, 'scheduledStart'>): { start: number; end: number } | null {
  const start = Date.parse(order.scheduledStart);
  return Number.isNaN(start) ? null : { start, end: start + ISSUED_WITHOUT_END_MS };
}

/**
 * The planning hint of the work order list (issue 38 §6): the open permits a scheduled order
 * would run beside. A work order has no place on the plot plan and no kind of work yet (its
 * permits will say), so:
 * - its place is its asset (the functional location): open permits for the same asset meet it
 *   (0 m), and, when a permit for that asset was ever placed on the plot plan, the asset is taken
 *   to be there (the latest placed), and open permits within the widest separation the site's
 *   matrix sets around their kinds of work meet it too — whatever work the order turns out to be,
 *   a rule could apply that close;
 * - its window is its scheduled start for a shift (12 hours), against each permit's own window.
 * The order's own permits (same work order number) are left out. A hint, not a block: the permit
 * is judged at approval.
 */
export function planningHints(order: PlannedOrder, permits: readonly PlanningPermit[], now: number): PlanningHint[] {
  const window = plannedWindow(order);
  const asset = assetKey(order.assetNumber);
  if (!window || window.end <= now || asset === '') return [];
  let at: PlanningPermit['place'] = null;
  let placedOn = '';
  for (const p of permits) {
    if (p.place && p.SiteId === order.siteId && assetKey(p.assetNumber) === asset && p.DateChanged > placedOn) {
      at = p.place;
      placedOn = p.DateChanged;
    }
  }
  const hints: PlanningHint[] = [];
  for (const p of permits) {
    const work = p.work;
    if (!work || p.SiteId !== order.siteId || p.workOrderNumber === order.workOrderNumber) continue;
    if (work.start >= window.end || window.start >= work.end) continue;
    const { reachM } = p;
    const sameAsset = assetKey(p.assetNumber) === asset;
    const distanceM = sameAsset ? 0 : at && at.plan === work.plan ? Math.sqrt((at.x - work.x) ** 2 + (at.y - work.y) ** 2) : Number.POSITIVE_INFINITY;
    if (!sameAsset && !(distanceM <= reachM)) continue;
    hints.push({ permitId: p.id, kinds: work.kinds, distanceM, sameAsset, reachM, overlap: { start: Math.max(window.start, work.start), end: Math.min(window.end, work.end) } });
  }
  return hints.sort((a, b) => a.distanceM - b.distanceM || a.permitId.localeCompare(b.permitId));
}
