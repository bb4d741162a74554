import { describe, expect, it } from 'vitest';
import type { Location, Permission } from '../../schemas';
import { abilitiesAt, hasAnyAbility, isHomeLocationEnabled, isSelectableLocation, viewableLocations, type Grantee } from '../../domain/abilities';
import { buildLocationTree } from '../../domain/locations';

const loc = (LocationId: number, ParentLocationId: number, SiteId: number, extra: Partial<Location> = {}): Location => ({
  LocationId, ParentLocationId, SiteId, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null, ...extra,
});
const tree = buildLocationTree([
  loc(100, 0, 1), loc(110, 100, 1), loc(111, 110, 1), loc(120, 100, 1, { EnabledFlag: false }), loc(130, 100, 1, { PermittingEnabled: false }),
  loc(200, 0, 2), loc(210, 200, 2),
]);
const grantee = (Permissions: Permission[], extra: Partial<Grantee> = {}): Grantee => ({ SysAdminFlag: false, Kind: 'employee', SiteId: 1, Permissions, ...extra });
const grant = (PermissionTypeId: Permission['PermissionTypeId'], ...Locations: number[]): Permission => ({ PermissionTypeId, Locations });
const flags = (g: Grantee, at: number) => {
  const a = abilitiesAt(g, tree, at);
  return [a.permits.view, a.permits.edit, a.permits.print, a.forms.view, a.forms.edit].map((f) => (f ? 1 : 0)).join('');
};

describe('abilities (SPEC §6): [permits view, edit, print, forms view, edit]', () => {
  it.each([
    ['view (82) on the site covers its descendants', grantee([grant(82, 100)]), 111, '10000'],
    ['view (82) does not reach another site', grantee([grant(82, 100)]), 210, '00000'],
    ['view (82) on a unit does not cover its parent', grantee([grant(82, 110)]), 100, '00000'],
    ['edit (85) alone', grantee([grant(85, 110)]), 111, '01000'],
    ['print (87) alone', grantee([grant(87, 111)]), 111, '00100'],
    ['forms view (84) and forms edit (83)', grantee([grant(84, 100), grant(83, 100)]), 110, '00011'],
    ['every type, listed at the location itself', grantee([82, 85, 87, 84, 83].map((t) => grant(t as 82, 111))), 111, '11111'],
    ['a permission listing several locations', grantee([grant(82, 210, 111)]), 210, '10000'],
    ['SysAdminFlag grants everything anywhere', grantee([], { SysAdminFlag: true }), 210, '11111'],
    ['no permissions, no abilities', grantee([]), 100, '00000'],
    ['an external user always views permits of their own site', grantee([], { Kind: 'external' }), 111, '10000'],
    ['…but not of another site', grantee([], { Kind: 'external' }), 210, '00000'],
    ['an external user with edit and print flags on a unit', grantee([grant(85, 111), grant(87, 111)], { Kind: 'external' }), 111, '11100'],
    ['an unknown location grants nothing, even to an administrator', grantee([], { SysAdminFlag: true }), 999, '00000'],
  ])('%s', (_name, who, at, expected) => {
    expect(flags(who, at)).toBe(expected);
  });

  it('has any ability only when one flag is true', () => {
    expect(hasAnyAbility(abilitiesAt(grantee([]), tree, 100))).toBe(false);
    expect(hasAnyAbility(abilitiesAt(grantee([grant(84, 100)]), tree, 100))).toBe(true);
  });

  it('lists viewable locations from the home location down, within the view permission', () => {
    expect(viewableLocations(grantee([grant(82, 110)]), tree, 100).sort()).toEqual([110, 111]);
    expect(viewableLocations(grantee([grant(82, 100)]), tree, 110).sort()).toEqual([110, 111]);
    expect(viewableLocations(grantee([]), tree, 100)).toEqual([]);
    expect(viewableLocations(grantee([grant(82, 100)]), tree, null)).toEqual([]);
  });

  it('a location is selectable only when enabled, permitting and viewable', () => {
    const viewer = grantee([grant(82, 100)]);
    expect(isSelectableLocation(viewer, tree, 111)).toBe(true);
    expect(isSelectableLocation(viewer, tree, 120)).toBe(false);
    expect(isSelectableLocation(viewer, tree, 130)).toBe(false);
    expect(isSelectableLocation(viewer, tree, 210)).toBe(false);
    expect(isSelectableLocation(viewer, tree, 0)).toBe(false);
  });

  it('a home location is usable when it exists and is enabled for permitting', () => {
    expect(isHomeLocationEnabled(tree, 111)).toBe(true);
    expect(isHomeLocationEnabled(tree, 120)).toBe(false);
    expect(isHomeLocationEnabled(tree, 130)).toBe(false);
    expect(isHomeLocationEnabled(tree, 999)).toBe(false);
    expect(isHomeLocationEnabled(tree, null)).toBe(false);
  });
});
