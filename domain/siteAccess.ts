/**
 * Abilities over a whole site, for what the admin area does per site (lists, permit cache,
 * feature flags): a permission on any location of the site counts (SPEC §6 lists admin-area
 * sites by the locations under permission 84).
 */
import { abilitiesAt, NO_ABILITIES, type Abilities, type Grantee } from './abilities';
import type { LocationTree } from './locations';

/** Every site that has a location, in order. */
export function sitesOf(tree: LocationTree): number[] {
  return [...new Set([...tree.byId.values()].map((l) => l.SiteId))].sort((a, b) => a - b);
}

/** The abilities held at some location of the site; nothing at a site without locations. */
export function siteAbilities(grantee: Grantee, tree: LocationTree, siteId: number): Abilities {
  const result: Abilities = { permits: { ...NO_ABILITIES.permits }, forms: { ...NO_ABILITIES.forms } };
  for (const location of tree.byId.values()) {
    if (location.SiteId !== siteId) continue;
    const here = abilitiesAt(grantee, tree, location.LocationId);
    for (const key of ['view', 'edit', 'print'] as const) result.permits[key] ||= here.permits[key];
    for (const key of ['view', 'edit'] as const) result.forms[key] ||= here.forms[key];
  }
  return result;
}
