import { abilitiesAt, type Grantee } from '../../../domain/abilities';
import { siteRoots } from '../../../domain/externalUsers';
import { ancestorsAndSelf, descendantsAndSelf, type LocationTree } from '../../../domain/locations';
import type { Location } from '../../../schemas';

/**
 * Pure rules of the grant tree (SPEC §6). A grant on a location covers it and everything below
 * it, which is also how abilities are computed (domain/abilities), so the list keeps only the
 * topmost granted locations.
 */

/** The granted location at or above `locationId`, if any. */
export function coveringGrant(tree: LocationTree, granted: readonly number[], locationId: number): number | undefined {
  return ancestorsAndSelf(tree, locationId).find((id) => granted.includes(id));
}

/** The grants after checking a location: it replaces the grants below it, which it now covers. */
export function addGrant(tree: LocationTree, granted: readonly number[], locationId: number): number[] {
  const covered = new Set(descendantsAndSelf(tree, locationId));
  return [...granted.filter((id) => !covered.has(id)), locationId];
}

export const removeGrant = (granted: readonly number[], locationId: number): number[] =>
  granted.filter((id) => id !== locationId);

/** Where the grantor may give rights: enabled, and they may view permits there. */
export function accessible(grantor: Grantee, tree: LocationTree, locationId: number): boolean {
  const location = tree.byId.get(locationId);
  return !!location && location.EnabledFlag && abilitiesAt(grantor, tree, locationId).permits.view;
}

/**
 * The locations of a site the grant tree lists: the accessible ones, and the others only when
 * something below them is accessible (SPEC §6), so the path down to it stays visible.
 */
export function grantTreeLocations(grantor: Grantee, tree: LocationTree, siteId: number): Set<number> {
  const shown = new Set<number>();
  const visit = (id: number): boolean => {
    let any = accessible(grantor, tree, id);
    for (const child of tree.childrenOf(id)) any = visit(child.LocationId) || any;
    if (any) shown.add(id);
    return any;
  };
  siteRoots(tree, siteId).forEach(visit);
  return shown;
}

/** The top-level locations of the site, as the tree's roots. */
export const siteRootLocations = (tree: LocationTree, siteId: number): Location[] =>
  siteRoots(tree, siteId).map((id) => tree.byId.get(id)!);
