import { useOutletContext } from 'react-router-dom';
import { administeredSites, siteName } from '../../../domain/externalUsers';
import { siteAbilities, sitesOf } from '../../../domain/siteAccess';
import type { AppData } from '../../app/startup/appData';

/** A site as the admin area offers it. */
export interface AdminSite {
  SiteId: number;
  name: string;
  /** Forms edit there (SPEC §6): lists and the permit cache may be changed, not only read. */
  canEdit: boolean;
}

/** What every admin page is given by the admin layout. */
export interface AdminOutlet {
  /** The site the admin pages work on; null when the user administers none. */
  site: AdminSite | null;
  sites: AdminSite[];
  /** SysAdminFlag: full administration, the Settings page included. */
  administrator: boolean;
}

/**
 * The sites of the admin area: every site for an administrator; for anyone else only the sites
 * listed under permission 84 (SPEC §6).
 */
export function adminSites(data: AppData): AdminSite[] {
  const listed = administeredSites(data.profile, data.tree);
  const ids = listed === 'all' ? sitesOf(data.tree) : listed;
  return ids.map((SiteId) => ({ SiteId, name: siteName(data.tree, SiteId), canEdit: siteAbilities(data.profile, data.tree, SiteId).forms.edit }));
}

export const useAdminOutlet = () => useOutletContext<AdminOutlet>();
