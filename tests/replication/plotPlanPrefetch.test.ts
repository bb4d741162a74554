import { describe, expect, it } from 'vitest';
import { plotPlansToKeep } from '../../replication/plotPlanPrefetch';
import type { Location, SiteDataDocument } from '../../schemas';
import { buildLocationDoc } from './factories';

// Site 1: 100 (plan v2, v1 replaced) › 110 › 111 (own plan v1), and 120 (own plan v3) beside 110; site 2: 200 (plan v1).
const location = (LocationId: number, ParentLocationId: number, SiteId: number, versions: number[] = [], CurrentPlotPlan: number | null = versions.at(-1) ?? null) =>
  buildLocationDoc(LocationId, {
    data: {
      LocationId, ParentLocationId, SiteId, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, CurrentPlotPlan,
      PlotPlans: versions.map((Version) => ({ Version, FileName: `${LocationId}-${Version}.svg`, ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 })),
    } satisfies Location,
  });
const TREE = [location(100, 0, 1, [1, 2]), location(110, 100, 1), location(111, 110, 1, [1]), location(120, 100, 1, [3]), location(200, 0, 2, [1])];
const setting = (key: string, data: unknown): SiteDataDocument => ({ id: `setting:${key}`, type: 'setting', data, DateChanged: '2026-05-01T08:00:00.000000Z' });
const home = (HomeLocationId: number | null): SiteDataDocument => ({
  id: 'preferences', type: 'preferences', data: { PersonnelId: 7, HomeLocationId, DefaultPrinterId: null, FavouritePrinters: [], Filters: {} }, DateChanged: '2026-05-01T08:00:00.000000Z',
});
const flags = (plotPlanEnabled: boolean) => [setting('plotPlanEnabled', plotPlanEnabled), setting('workOrdersEnabled', true), setting('copyEnabled', true)];
const wanted = (docs: SiteDataDocument[]) => plotPlansToKeep(docs).wanted.map((p) => `${p.locationId}v${p.version}`).sort();

describe('the plot plans kept on the device', () => {
  it.each([
    ['homed at the site: every current plan of the site', [...TREE, ...flags(true), home(100)], ['100v2', '111v1', '120v3']],
    ['homed at a unit: its own plans and the one it inherits, not its neighbours\'', [...TREE, ...flags(true), home(110)], ['100v2', '111v1']],
    ['the map off for the company', [...TREE, ...flags(false), home(100)], []],
    ['the map on for the home site only', [...TREE, ...flags(false), setting('siteFeatures', { 1: { plotPlanEnabled: true, workOrdersEnabled: true, copyEnabled: true } }), home(100)], ['100v2', '111v1', '120v3']],
    ['the map off for the home site only', [...TREE, ...flags(true), setting('siteFeatures', { 1: { plotPlanEnabled: false, workOrdersEnabled: true, copyEnabled: true } }), home(100)], []],
    ['no home location', [...TREE, ...flags(true), home(null)], []],
    ['no preferences yet (the first pull under way)', [...TREE, ...flags(true)], []],
    ['a current version the location does not list', [location(100, 0, 1, [1], 4), ...flags(true), home(100)], []],
  ])('%s', (_case, docs, expected) => {
    expect(wanted(docs)).toEqual(expected);
  });

  it('lets go of replaced versions, and keeps those of locations it does not know', () => {
    const { current } = plotPlansToKeep([...TREE, ...flags(true), home(100)]);
    expect(current({ locationId: 100, version: 2 })).toBe(true);
    expect(current({ locationId: 100, version: 1 })).toBe(false);
    expect(current({ locationId: 110, version: 1 })).toBe(false);
    expect(current({ locationId: 200, version: 1 })).toBe(true);
    expect(current({ locationId: 999, version: 1 })).toBe(true);
  });
});
