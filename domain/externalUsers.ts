import type { ExternalUserState } from '../schemas';
import { abilitiesAt, isSelectableLocation, type Grantee } from './abilities';
import { ROOT_LOCATION_ID } from './constants';
import type { LocationTree } from './locations';

/** The flags the display state is derived from (SPEC §3 User). */
export interface ExternalUserFlags {
  ActiveFlag: boolean;
  DeleteFlag: boolean;
  SignupInitiated: boolean;
  SignupComplete: boolean;
}

/**
 * The display state of SPEC §4: DELETED if DeleteFlag; else DISABLED if not active; else
 * PENDING when signup initiated but not complete; ACTIVE when signup complete; else DISABLED.
 */
export function externalUserState(user: ExternalUserFlags): ExternalUserState {
  if (user.DeleteFlag) return 'DELETED';
  if (!user.ActiveFlag) return 'DISABLED';
  if (user.SignupInitiated && !user.SignupComplete) return 'PENDING';
  if (user.SignupComplete) return 'ACTIVE';
  return 'DISABLED';
}

/**
 * Sites whose external users the grantee may administer: every site for an administrator;
 * otherwise the sites of the locations listed under forms view, 84 (SPEC §6: the admin area
 * needs forms.view, and non-admins see only sites listed under 84). Contractors administer none.
 */
export function administeredSites(grantee: Grantee, tree: LocationTree): 'all' | number[] {
  if (grantee.Kind === 'external') return [];
  if (grantee.SysAdminFlag) return 'all';
  const sites = new Set<number>();
  for (const permission of grantee.Permissions) {
    if (permission.PermissionTypeId !== 84) continue;
    for (const id of permission.Locations) {
      const location = tree.byId.get(id);
      if (location) sites.add(location.SiteId);
    }
  }
  return [...sites].sort((a, b) => a - b);
}

export function administers(sites: 'all' | readonly number[], siteId: number): boolean {
  return sites === 'all' || sites.includes(siteId);
}

/** The top-level locations of a site: an external user's view permission (82) covers them. */
export function siteRoots(tree: LocationTree, siteId: number): number[] {
  return tree.childrenOf(ROOT_LOCATION_ID).filter((l) => l.SiteId === siteId).map((l) => l.LocationId);
}

/** A site named as people know it: the titles of its top-level locations. */
export function siteName(tree: LocationTree, siteId: number): string {
  const titles = siteRoots(tree, siteId).map((id) => tree.byId.get(id)!.Title);
  return titles.length > 0 ? titles.join(' and ') : `site ${siteId}`;
}

/**
 * Why `grantor` may not give an external user of `siteId` edit or print rights at the
 * location, or null when they may (SPEC §6: only PermittingEnabled locations the grantor
 * holds view for). The user's own site only: outside it they could edit what they cannot see.
 */
export function grantRefusal(grantor: Grantee, tree: LocationTree, siteId: number, locationId: number): string | null {
  const location = tree.byId.get(locationId);
  if (!location) return `There is no location with id ${locationId}.`;
  if (location.SiteId !== siteId) return `${location.Title} is not at ${siteName(tree, siteId)}, the user's site.`;
  if (!location.PermittingEnabled) return `${location.Title} cannot be granted: permitting is not enabled there.`;
  if (!abilitiesAt(grantor, tree, locationId).permits.view) {
    return `${location.Title} cannot be granted: you do not have permission to view permits there.`;
  }
  return null;
}

/**
 * The home location a new external user starts with: the first granted location they could
 * choose themselves, else the top of their site; null sends them to choose one (SPEC §4 Startup).
 */
export function initialHomeLocation(grantee: Grantee, tree: LocationTree, granted: readonly number[]): number | null {
  const candidates = [...granted, ...siteRoots(tree, grantee.SiteId)];
  return candidates.find((id) => isSelectableLocation(grantee, tree, id)) ?? null;
}

/** Whether `date` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** The access expiry of the user form: optional, a real day, not before today (SPEC §5). */
export function accessExpiryProblem(date: string | null | undefined, today: string): string | null {
  if (!date) return null;
  if (!isCalendarDate(date)) return 'AccessExpiresDate must be a date written as YYYY-MM-DD.';
  if (date < today) return 'AccessExpiresDate must not be before today.';
  return null;
}
