import type { Location } from '../schemas';
import { ancestorsAndSelf, type LocationTree } from './locations';

/** SPEC §9: a plot plan image is placed in bounds of 660 by 1020 (Leaflet CRS.Simple: [y, x]). */
export const PLOT_PLAN_BOUNDS: [[number, number], [number, number]] = [[0, 0], [660, 1020]];

/** The plot plan that covers a location: its own current one, else the nearest ancestor's. */
export function plotPlanFor(tree: LocationTree, locationId: number): { location: Location; version: number } | undefined {
  for (const id of ancestorsAndSelf(tree, locationId)) {
    const location = tree.byId.get(id);
    if (location && location.CurrentPlotPlan !== null && location.PlotPlans.some((p) => p.Version === location.CurrentPlotPlan)) {
      return { location, version: location.CurrentPlotPlan };
    }
  }
  return undefined;
}

/** SPEC §3, §5: a work location counts as set only when both coordinates are above 0. */
export const isWorkLocationSet = (latitude: number | null | undefined, longitude: number | null | undefined): boolean =>
  (latitude ?? 0) > 0 && (longitude ?? 0) > 0;
