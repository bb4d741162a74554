import { describe, expect, it } from 'vitest';
import type { Location, Permission } from '../../schemas';
import type { Grantee } from '../../domain/abilities';
import { accessExpiryProblem, administeredSites, grantRefusal, initialHomeLocation, siteName, siteRoots } from '../../domain/externalUsers';
import { buildLocationTree } from '../../domain/locations';

const loc = (LocationId: number, ParentLocationId: number, SiteId: number, extra: Partial<Location> = {}): Location => ({
  LocationId, ParentLocationId, SiteId, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null, ...extra,
});
const tree = buildLocationTree([
  loc(100, 0, 1, { Title: 'Bayport' }), loc(110, 100, 1), loc(111, 110, 1), loc(120, 100, 1, { EnabledFlag: false }),
  loc(130, 100, 1, { PermittingEnabled: false }), loc(200, 0, 2, { Title: 'Northfield' }), loc(210, 200, 2), loc(300, 0, 3, { PermittingEnabled: false }),
]);
const grantee = (Permissions: Permission[], extra: Partial<Grantee> = {}): Grantee => ({ SysAdminFlag: false, Kind: 'employee', SiteId: 1, Permissions, ...extra });
const grant = (PermissionTypeId: Permission['PermissionTypeId'], ...Locations: number[]): Permission => ({ PermissionTypeId, Locations });

describe('who administers external users where (SPEC §6)', () => {
  it.each([
    ['an administrator: every site', grantee([], { SysAdminFlag: true }), 'all'],
    ['forms view (84) lists the sites', grantee([grant(84, 111, 210)]), [1, 2]],
    ['forms view at a unit still names its site', grantee([grant(84, 110)]), [1]],
    ['permits view alone: none', grantee([grant(82, 100)]), []],
    ['forms edit alone: none', grantee([grant(83, 100)]), []],
    ['an unknown location: none', grantee([grant(84, 999)]), []],
    ['a contractor, whatever they hold: none', grantee([grant(84, 100)], { Kind: 'external' }), []],
  ])('%s', (_, who, sites) => {
    expect(administeredSites(who, tree)).toEqual(sites);
  });
});

describe('what an inviter may grant (SPEC §6)', () => {
  const inviter = grantee([grant(82, 110)]);
  it.each([
    [111, 1, null],
    [110, 1, null],
    [120, 1, 'L120 cannot be granted: you do not have permission to view permits there.'],
    [130, 1, 'L130 cannot be granted: permitting is not enabled there.'],
    [210, 1, "L210 is not at Bayport, the user's site."],
    [999, 1, 'There is no location with id 999.'],
  ])('location %s for a user of site %s → %s', (location, site, refusal) => {
    expect(grantRefusal(inviter, tree, site, location)).toBe(refusal);
  });
  it('an administrator may grant any permitting location of the site, a disabled one too', () => {
    expect(grantRefusal(grantee([], { SysAdminFlag: true }), tree, 1, 120)).toBeNull();
  });
});

describe('sites, home location and expiry', () => {
  it('names a site by its top-level locations', () => {
    expect(siteRoots(tree, 2)).toEqual([200]);
    expect(siteName(tree, 1)).toBe('Bayport');
    expect(siteName(tree, 9)).toBe('site 9');
  });

  it('starts a contractor at the first granted location they could choose, else the top of their site', () => {
    const contractor = (SiteId: number) => grantee([grant(82, 100, 300)], { Kind: 'external', SiteId });
    expect(initialHomeLocation(contractor(1), tree, [120, 111])).toBe(111);
    expect(initialHomeLocation(contractor(1), tree, [])).toBe(100);
    expect(initialHomeLocation(contractor(3), tree, [])).toBeNull();
  });

  it.each([
    [undefined, null],
    [null, null],
    ['2026-05-10', null],
    ['2026-05-11', null],
    ['2026-05-09', 'AccessExpiresDate must not be before today.'],
    ['2026-02-30', 'AccessExpiresDate must be a date written as YYYY-MM-DD.'],
  ])('access expiry %s on 2026-05-10 → %s', (date, problem) => {
    expect(accessExpiryProblem(date, '2026-05-10')).toBe(problem);
  });
});
