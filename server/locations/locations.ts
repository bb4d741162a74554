import type { Location } from '../../schemas';
import type { Queryable } from '../db/database';
import { buildLocationTree, type LocationTree } from '../../domain/locations';

/** A row of `locations` (tombstones included where asked for). */
export interface LocationRow {
  location_id: number;
  parent_location_id: number;
  site_id: number;
  title: string;
  enabled_flag: boolean;
  permitting_enabled: boolean;
  plot_plans: Location['PlotPlans'];
  current_plot_plan: number | null;
}

export const presentLocation = (r: LocationRow): Location => ({
  LocationId: r.location_id,
  ParentLocationId: r.parent_location_id,
  SiteId: r.site_id,
  Title: r.title,
  EnabledFlag: r.enabled_flag,
  PermittingEnabled: r.permitting_enabled,
  PlotPlans: r.plot_plans,
  CurrentPlotPlan: r.current_plot_plan,
});

export async function listLocations(db: Queryable): Promise<Location[]> {
  // Deleted locations are tombstones kept for the replicas (server/sync): gone for everything else.
  const rows = await db.query<LocationRow>('select * from locations where not deleted order by location_id');
  return rows.map(presentLocation);
}

/** The whole tree; it is small (hundreds of nodes at most), so it is read per request. */
export async function loadLocationTree(db: Queryable): Promise<LocationTree> {
  return buildLocationTree(await listLocations(db));
}
