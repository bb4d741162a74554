import { abilitiesAt } from '../../domain/abilities';
import type { Queryable } from '../db/database';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';

/**
 * The sites whose work orders a user may see: those with a location where they may view
 * permits (SPEC §6; an administrator sees every site).
 */
export async function workOrderSites(db: Queryable, user: UserRecord): Promise<number[]> {
  const tree = await loadLocationTree(db);
  const grantee = granteeOf(user);
  const sites = new Set<number>();
  for (const location of tree.byId.values()) {
    if (!sites.has(location.SiteId) && abilitiesAt(grantee, tree, location.LocationId).permits.view) sites.add(location.SiteId);
  }
  return [...sites].sort((a, b) => a - b);
}
