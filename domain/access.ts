import type { Abilities } from './abilities';

/** Feature flags from remote settings (SPEC §1). */
export interface FeatureFlags {
  plotPlanEnabled: boolean;
  workOrdersEnabled: boolean;
  copyEnabled: boolean;
}

/** Where settings keep the flags: the company's, and those of each site that has its own (by SiteId). */
export type SettingsFlags = FeatureFlags & { siteFeatures?: Readonly<Record<string, FeatureFlags>> };

/** The flags in force at a site (SPEC §1): its own where the admin area set them, else the company's. */
export function siteFlags({ plotPlanEnabled, workOrdersEnabled, copyEnabled, siteFeatures }: SettingsFlags, siteId: number | undefined): FeatureFlags {
  const own = siteId === undefined ? undefined : siteFeatures?.[String(siteId)];
  return own ?? { plotPlanEnabled, workOrdersEnabled, copyEnabled };
}

export type Requirement = 'none' | 'permits.view' | 'permits.edit' | 'forms.view' | 'workOrders';

export interface MenuEntry {
  to: string;
  label: string;
  requires: readonly Requirement[];
}

/** The side menu of SPEC §2, in order, with the gating of SPEC §6. */
export const MENU: readonly MenuEntry[] = [
  { to: '/', label: 'Dashboard', requires: [] },
  { to: '/permits/create', label: 'Create New Permit', requires: ['permits.view', 'permits.edit'] },
  { to: '/permits/drafts', label: 'Draft Permits', requires: ['permits.view'] },
  { to: '/permits/list', label: 'List Current Permits', requires: ['permits.view'] },
  { to: '/permits/list?state=PRE-APPROVAL,PENDING,APPROVED,CLOSING,TIMEOUT', label: 'Open Permits', requires: ['permits.view'] },
  { to: '/permits/list?filter=allPermits&state=COMPLETED', label: 'Completed Permits', requires: ['permits.view'] },
  { to: '/permits/search', label: 'Search Permits', requires: ['permits.view'] },
  { to: '/permits/revoke', label: 'Revoke Permits', requires: ['permits.view', 'permits.edit'] },
  { to: '/isolations', label: 'Isolations', requires: ['permits.view'] },
  { to: '/handover', label: 'Shift handover', requires: ['permits.view'] },
  { to: '/board', label: 'Control-room board', requires: ['permits.view'] },
  { to: '/workorders/list', label: 'Current Workorders', requires: ['workOrders'] },
  { to: '/workorders/search', label: 'Search Workorders', requires: ['workOrders'] },
  { to: '/admin', label: 'Admin', requires: ['forms.view'] },
  { to: '/reports/open-permits', label: 'Reports', requires: [] },
  { to: '/preferences', label: 'Preferences', requires: [] },
];

export function meets(requirement: Requirement, abilities: Abilities, flags: FeatureFlags): boolean {
  switch (requirement) {
    case 'none':
      return true;
    case 'permits.view':
      return abilities.permits.view;
    case 'permits.edit':
      return abilities.permits.edit;
    case 'forms.view':
      return abilities.forms.view;
    case 'workOrders':
      return flags.workOrdersEnabled;
  }
}

/** The menu a user sees; empty when they have no abilities at all (SPEC §2). */
export function visibleMenu(abilities: Abilities, flags: FeatureFlags, anyAbility: boolean): MenuEntry[] {
  if (!anyAbility) return [];
  return MENU.filter((entry) => entry.requires.every((r) => meets(r, abilities, flags)));
}

/**
 * What a signed-in path needs (SPEC §6): /permits/create needs edit, other /permits paths and
 * /isolations, /handover and /board view, /forms and /admin forms.view, work-order pages the feature.
 */
export function routeRequirements(pathname: string): Requirement[] {
  if (pathname === '/permits/create' || pathname.startsWith('/permits/draft/') || pathname === '/permits/revoke') {
    return ['permits.view', 'permits.edit'];
  }
  if (pathname === '/permits' || pathname.startsWith('/permits/') || pathname.startsWith('/isolations') || pathname === '/handover' || pathname === '/board') return ['permits.view'];
  if (pathname.startsWith('/forms') || pathname === '/admin' || pathname.startsWith('/admin/')) return ['forms.view'];
  if (pathname.startsWith('/workorders')) return ['workOrders'];
  return [];
}

export function mayOpen(pathname: string, abilities: Abilities, flags: FeatureFlags): boolean {
  return routeRequirements(pathname).every((r) => meets(r, abilities, flags));
}
