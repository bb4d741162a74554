import { describe, expect, it } from 'vitest';
import type { Location, Permission } from '../../schemas';
import type { Grantee } from '../../domain/abilities';
import { buildLocationTree } from '../../domain/locations';
import { canMovePermitTo, permitMoveRefusal } from '../../domain/permits/workLocation';

const loc = (LocationId: number, ParentLocationId: number, SiteId: number, extra: Partial<Location> = {}): Location => ({
  LocationId, ParentLocationId, SiteId, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null, ...extra,
});
const tree = buildLocationTree([
  loc(100, 0, 1), loc(110, 100, 1), loc(111, 110, 1), loc(112, 110, 1), loc(120, 100, 1), loc(121, 120, 1),
  loc(122, 120, 1, { EnabledFlag: false }), loc(130, 100, 1, { PermittingEnabled: false }), loc(200, 0, 2), loc(210, 200, 2),
]);
const grantee = (Permissions: Permission[], extra: Partial<Grantee> = {}): Grantee => ({ SysAdminFlag: false, Kind: 'employee', SiteId: 1, Permissions, ...extra });
const grant = (PermissionTypeId: Permission['PermissionTypeId'], ...Locations: number[]): Permission => ({ PermissionTypeId, Locations });

const editor = grantee([grant(82, 100), grant(85, 100)]);

describe('where a permit may be moved (PUT /permitinstance, SPEC §4 and §6)', () => {
  it.each([
    ['a sibling unit where the user edits, served by the site’s definition', editor, 112, 100, true],
    ['the definition’s own location', editor, 100, 100, true],
    ['a unit outside the definition’s part of the tree', editor, 121, 110, false],
    ['a disabled location', editor, 122, 100, false],
    ['a location not enabled for permits', editor, 130, 100, false],
    ['another site', editor, 210, 100, false],
    ['view without edit there', grantee([grant(82, 100), grant(85, 111)]), 112, 100, false],
    ['edit granted on the unit itself', grantee([grant(85, 112)]), 112, 100, true],
    ['an administrator, anywhere the definition serves', grantee([], { SysAdminFlag: true }), 121, 100, true],
    ['an unknown location', editor, 999, 100, false],
  ])('%s', (_name, who, to, definitionLocationId, expected) => {
    expect(canMovePermitTo(who, tree, to, definitionLocationId)).toBe(expected);
  });
});

describe('why a move is refused (the one rule the server answers from)', () => {
  it.each([
    ['an unknown location', editor, 999, 100, 'unknown'],
    ['no edit ability there', grantee([grant(82, 100)]), 112, 100, 'forbidden'],
    ['a disabled location', editor, 122, 100, 'not-enabled'],
    ['a location not enabled for permits', editor, 130, 100, 'not-enabled'],
    ['outside the definition’s part of the tree', editor, 121, 110, 'outside-definition'],
    ['an allowed move', editor, 112, 100, null],
  ] as const)('%s', (_name, who, to, definitionLocationId, expected) => {
    expect(permitMoveRefusal(who, tree, to, definitionLocationId)).toBe(expected);
  });
});
