import type { Location } from '../schemas';
import { ancestorsAndSelf, descendantsAndSelf, type LocationTree } from './locations';

/** SPEC §9: a plot plan image is placed in bounds of 660 by 1020 (Leaflet CRS.Simple: [y, x]). */
export const PLOT_PLAN_BOUNDS: [[number, number], [number, number]] = [[0, 0], [660, 1020]];

/** The version of a location's own plot plan in use: the current one, if it names a version the location has. */
export function currentPlotPlan(location: Location): number | undefined {
  const current = location.CurrentPlotPlan;
  return current !== null && location.PlotPlans.some((p) => p.Version === current) ? current : undefined;
}

/** The plot plan that covers a location: its own current one, else the nearest ancestor's. */
export function plotPlanFor(tree: LocationTree, locationId: number): { location: Location; version: number } | undefined {
  for (const id of ancestorsAndSelf(tree, locationId)) {
    const location = tree.byId.get(id);
    const version = location && currentPlotPlan(location);
    if (location && version !== undefined) return { location, version };
  }
  return undefined;
}

/**
 * Every plot plan a map of the location or of a location below it can show (each once): the
 * plans a user homed there may open, their own units' and the ones they inherit from above.
 */
export function plotPlansFrom(tree: LocationTree, locationId: number): { locationId: number; version: number }[] {
  const plans = new Map<number, number>();
  for (const id of descendantsAndSelf(tree, locationId)) {
    const found = plotPlanFor(tree, id);
    if (found) plans.set(found.location.LocationId, found.version);
  }
  return [...plans].map(([id, version]) => ({ locationId: id, version }));
}

/** SPEC §3, §5: a work location counts as set only when both coordinates are above 0. */
export const isWorkLocationSet = (latitude: number | null | undefined, longitude: number | null | undefined): boolean =>
  (latitude ?? 0) > 0 && (longitude ?? 0) > 0;

/** A position on a plot plan: [Latitude, Longitude], i.e. [y up from the bottom edge, x from the left] in CRS.Simple. */
export type PlotPlanPosition = [latitude: number, longitude: number];

/** Keeps a position on the sheet: a marker dragged past the image's edge lands on the edge. */
export function clampToPlotPlan([latitude, longitude]: PlotPlanPosition): PlotPlanPosition {
  const [[minY, minX], [maxY, maxX]] = PLOT_PLAN_BOUNDS;
  const clamp = (value: number, low: number, high: number) => Math.round(Math.min(high, Math.max(low, value)) * 100) / 100;
  return [clamp(latitude, minY, maxY), clamp(longitude, minX, maxX)];
}

/** SPEC §9: the dashboard map shows permits from the start of the previous day: that day as YYYY-MM-DD (the device's calendar). */
export function startOfYesterday(now: Date): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

type Mappable = { LocationId: number; Latitude: number | null; Longitude: number | null; workDate: string; State: string };

export interface DashboardMapPermits<T> {
  /** Permits with a work location on the sheet: one marker each. */
  placed: T[];
  /** Permits that belong on the map but have no work location ('Hiding N permit(s)…'). */
  hidden: number;
}

/**
 * The permits of the dashboard map (SPEC §2, §9): open ones (the legend lists the open states,
 * so a closed permit would be a colour nobody can read) whose workDate is on or after `since`,
 * at locations this plot plan covers (a permit of another site is not on this drawing).
 */
export function dashboardMapPermits<T extends Mappable>(
  permits: readonly T[],
  { tree, plotPlanLocationId, since, openStates }: { tree: LocationTree; plotPlanLocationId: number; since: string; openStates: readonly string[] },
): DashboardMapPermits<T> {
  const onThisMap = permits.filter(
    (p) => openStates.includes(p.State) && p.workDate >= since && plotPlanFor(tree, p.LocationId)?.location.LocationId === plotPlanLocationId,
  );
  const placed = onThisMap.filter((p) => isWorkLocationSet(p.Latitude, p.Longitude));
  return { placed, hidden: onThisMap.length - placed.length };
}
