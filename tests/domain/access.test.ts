import { describe, expect, it } from 'vitest';
import { NO_ABILITIES, type Abilities } from '../../domain/abilities';
import { mayOpen, visibleMenu, type FeatureFlags } from '../../domain/access';

const abilities = (permits: Partial<Abilities['permits']> = {}, forms: Partial<Abilities['forms']> = {}): Abilities => ({
  permits: { ...NO_ABILITIES.permits, ...permits },
  forms: { ...NO_ABILITIES.forms, ...forms },
});
const on: FeatureFlags = { plotPlanEnabled: false, workOrdersEnabled: true, copyEnabled: true };
const labels = (a: Abilities, f = on) => visibleMenu(a, f, true).map((e) => e.label);

describe('menu (SPEC §2, §6)', () => {
  it('shows everything to a user with every ability, in order', () => {
    expect(labels(abilities({ view: true, edit: true, print: true }, { view: true, edit: true }))).toEqual([
      'Dashboard', 'Create New Permit', 'Draft Permits', 'List Current Permits', 'Open Permits', 'Completed Permits',
      'Search Permits', 'Revoke Permits', 'Isolations', 'Shift handover', 'Control-room board', 'Current Workorders', 'Search Workorders', 'Admin', 'Reports', 'Preferences',
    ]);
  });

  it('hides Create, Revoke and Admin from a viewer', () => {
    const menu = labels(abilities({ view: true }));
    expect(menu).toContain('Search Permits');
    expect(menu).not.toContain('Create New Permit');
    expect(menu).not.toContain('Revoke Permits');
    expect(menu).not.toContain('Admin');
  });

  it('hides work-order entries when the feature is off', () => {
    expect(labels(abilities({ view: true }), { ...on, workOrdersEnabled: false })).not.toContain('Current Workorders');
  });

  it('is empty for a user with no abilities', () => {
    expect(visibleMenu(NO_ABILITIES, on, false)).toEqual([]);
  });
});

describe('route guards (SPEC §6)', () => {
  it.each([
    ['/', abilities(), true],
    ['/permits/list', abilities(), false],
    ['/permits/list', abilities({ view: true }), true],
    ['/permits/create', abilities({ view: true }), false],
    ['/permits/create', abilities({ view: true, edit: true }), true],
    ['/permits/revoke', abilities({ view: true }), false],
    ['/isolations', abilities(), false],
    ['/isolations/some-certificate', abilities({ view: true }), true],
    ['/handover', abilities(), false],
    ['/handover', abilities({ view: true }), true],
    ['/board', abilities(), false],
    ['/board', abilities({ view: true }), true],
    ['/forms', abilities({ view: true }), false],
    ['/admin/external-users', abilities({}, { view: true }), true],
    ['/admin', abilities({ view: true, edit: true }), false],
    ['/preferences', abilities(), true],
  ])('%s', (path, a, allowed) => {
    expect(mayOpen(path, a, on)).toBe(allowed);
  });
});
