import { viewableLocations, type Grantee } from './abilities';
import { ancestorsAndSelf, type LocationTree } from './locations';

/** What a replica holds (DESIGN.md §4.6, SPEC §9 offline windows). */
export const PERMIT_SCOPE_DAYS = 15;
export const PERMIT_SCOPE_MAX = 5000;
export const WORK_ORDER_SCOPE_DAYS_BEFORE = 21;
export const WORK_ORDER_SCOPE_DAYS_AFTER = 7;

/** Where a user's replica reaches: the same rules for the server's pulls and the app's local cleanup. */
export interface ReplicaLocations {
  /** Home location and descendants where the user may view permits (SPEC §6). */
  viewable: number[];
  /** The viewable locations and their ancestors: metadata and printers are inherited downwards. */
  served: number[];
  /** The site of the home location (the user's own site without one): work orders and templates. */
  siteId: number;
}

export function replicaLocations(grantee: Grantee, tree: LocationTree, homeLocationId: number | null): ReplicaLocations {
  const viewable = viewableLocations(grantee, tree, homeLocationId).sort((a, b) => a - b);
  const served = [...new Set(viewable.flatMap((id) => ancestorsAndSelf(tree, id)))].sort((a, b) => a - b);
  const home = homeLocationId === null ? undefined : tree.byId.get(homeLocationId);
  return { viewable, served, siteId: home?.SiteId ?? grantee.SiteId };
}
