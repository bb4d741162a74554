import type { Permission } from '../schemas';
import { PermissionTypes } from '../schemas/user';
import { ancestorsAndSelf, descendantsAndSelf, type LocationTree } from './locations';

/** Ability flags of SPEC §6 for one location. */
export interface Abilities {
  permits: { view: boolean; edit: boolean; print: boolean };
  forms: { view: boolean; edit: boolean };
}

/** What abilities are computed from: the parts of a user profile that grant rights. */
export interface Grantee {
  SysAdminFlag: boolean;
  Kind: 'employee' | 'external';
  SiteId: number;
  Permissions: readonly Permission[];
}

export const NO_ABILITIES: Abilities = {
  permits: { view: false, edit: false, print: false },
  forms: { view: false, edit: false },
};

/**
 * A permission granted on a location covers it and everything below it (a checkbox on a
 * node of the location tree applies to the node and all its descendants, SPEC §6).
 */
function holds(grantee: Grantee, typeId: number, tree: LocationTree, locationId: number): boolean {
  const chain = ancestorsAndSelf(tree, locationId);
  return grantee.Permissions.some(
    (p) => p.PermissionTypeId === typeId && p.Locations.some((id) => chain.includes(id)),
  );
}

/** Abilities at one location (SPEC §6). An unknown location grants nothing. */
export function abilitiesAt(grantee: Grantee, tree: LocationTree, locationId: number | null): Abilities {
  const location = locationId === null ? undefined : tree.byId.get(locationId);
  if (!location) return NO_ABILITIES;
  if (grantee.SysAdminFlag) {
    return { permits: { view: true, edit: true, print: true }, forms: { view: true, edit: true } };
  }
  const has = (typeId: number) => holds(grantee, typeId, tree, location.LocationId);
  // External users can always view permits of their own site (SPEC §6).
  const externalView = grantee.Kind === 'external' && location.SiteId === grantee.SiteId;
  return {
    permits: {
      view: externalView || has(PermissionTypes.permitsView),
      edit: has(PermissionTypes.permitsEdit),
      print: has(PermissionTypes.permitsPrint),
    },
    forms: { view: has(PermissionTypes.formsView), edit: has(PermissionTypes.formsEdit) },
  };
}

export function hasAnyAbility(abilities: Abilities): boolean {
  return Object.values(abilities.permits).some(Boolean) || Object.values(abilities.forms).some(Boolean);
}

/**
 * Locations whose permits the user may search and list: their home location and its
 * descendants, where they hold view (SPEC §6). Empty without view permission.
 */
export function viewableLocations(grantee: Grantee, tree: LocationTree, homeLocationId: number | null): number[] {
  if (homeLocationId === null || !tree.byId.has(homeLocationId)) return [];
  return descendantsAndSelf(tree, homeLocationId).filter((id) => abilitiesAt(grantee, tree, id).permits.view);
}

/** A location can be chosen as home when permitting is enabled there and the user may view it. */
export function isSelectableLocation(grantee: Grantee, tree: LocationTree, locationId: number): boolean {
  const location = tree.byId.get(locationId);
  return (
    !!location &&
    location.EnabledFlag &&
    location.PermittingEnabled &&
    abilitiesAt(grantee, tree, locationId).permits.view
  );
}

/** The home location is usable when it exists and is enabled (SPEC §4 Startup). */
export function isHomeLocationEnabled(tree: LocationTree, homeLocationId: number | null): boolean {
  const location = homeLocationId === null ? undefined : tree.byId.get(homeLocationId);
  return !!location && location.EnabledFlag && location.PermittingEnabled;
}
