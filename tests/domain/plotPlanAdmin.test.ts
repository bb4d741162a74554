import { describe, expect, it } from 'vitest';
import type { Grantee } from '../../domain/abilities';
import { buildLocationTree } from '../../domain/locations';
import { fresherLocation, plotPlanAdminRows, plotPlanFileRefusal, plotPlanFileType } from '../../domain/plotPlanAdmin';
import { PLOT_PLAN_MAX_BYTES, PLOT_PLAN_TYPES, PlotPlanUploadBody, type Location, type Permission } from '../../schemas';

const plan = (Version: number, FileName = `v${Version}.svg`) => ({ Version, FileName, ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 });
const loc = (LocationId: number, ParentLocationId: number, SiteId: number, Title: string, versions: number[] = []): Location => ({
  LocationId, ParentLocationId, SiteId, Title, EnabledFlag: true, PermittingEnabled: true,
  PlotPlans: versions.map((v) => plan(v)), CurrentPlotPlan: versions.at(-1) ?? null,
});
const grantee = (Permissions: Permission[], SysAdminFlag = false): Grantee => ({ SysAdminFlag, Kind: 'employee', SiteId: 2, Permissions });
const FORMS_EDIT = 83;
const FORMS_VIEW = 84;

// Site 1 (Bayport-like) with its map at the top; site 2 (Northfield-like) with its map at the top and one unit of its own.
const tree = buildLocationTree([
  loc(100, 0, 1, 'Bayport', [1]),
  loc(110, 100, 1, 'Crude Unit'),
  loc(200, 0, 2, 'Northfield', [1]),
  loc(220, 200, 2, 'Urea Plant', [1, 2]),
  loc(210, 200, 2, 'Ammonia Plant'),
  loc(211, 210, 2, 'Synthesis Loop'),
]);
const listed = (g: Grantee, site: number) =>
  plotPlanAdminRows(tree, g, site).map((r) => [r.location.Title, r.depth, r.canUpload, r.coveredBy?.Title ?? null]);

describe('the Plot Plans admin page', () => {
  it.each<[string, Grantee, number, ReturnType<typeof listed>]>([
    ['an administrator sees every location of the chosen site, in tree order, each with where its maps come from', grantee([], true), 2, [
      ['Northfield', 0, true, null],
      ['Ammonia Plant', 1, true, 'Northfield'],
      ['Synthesis Loop', 2, true, 'Northfield'],
      ['Urea Plant', 1, true, null],
    ]],
    ['forms edit on a unit: that unit and below may get a plot plan; the others only show the ones they have', grantee([{ PermissionTypeId: FORMS_EDIT, Locations: [210] }]), 2, [
      ['Northfield', 0, false, null],
      ['Ammonia Plant', 1, true, 'Northfield'],
      ['Synthesis Loop', 2, true, 'Northfield'],
      ['Urea Plant', 1, false, null],
    ]],
    ['forms view only: the locations with a plot plan, none to upload to', grantee([{ PermissionTypeId: FORMS_VIEW, Locations: [200] }]), 2, [
      ['Northfield', 0, false, null],
      ['Urea Plant', 1, false, null],
    ]],
    ['another site is not listed', grantee([], true), 1, [
      ['Bayport', 0, true, null],
      ['Crude Unit', 1, true, 'Bayport'],
    ]],
  ])('%s', (_, g, site, expected) => {
    expect(listed(g, site)).toEqual(expected);
  });

  it("keeps the upload's answer until the sync brings the same version or a later one", () => {
    const synced = loc(200, 0, 2, 'Northfield', [1]);
    const answer = loc(200, 0, 2, 'Northfield', [1, 2]);
    expect(fresherLocation(synced, undefined)).toBe(synced);
    expect(fresherLocation(synced, answer)).toBe(answer);
    const caughtUp = loc(200, 0, 2, 'Northfield', [1, 2]);
    expect(fresherLocation(caughtUp, answer)).toBe(caughtUp);
    const later = loc(200, 0, 2, 'Northfield', [1, 2, 3]);
    expect(fresherLocation(later, answer)).toBe(later);
  });

  it.each([
    ['site.png', 'image/png', 'image/png'],
    ['site.SVG', '', 'image/svg+xml'],
    ['site.jpeg', '', 'image/jpeg'],
    ['site.webp', 'image/webp', 'image/webp'],
    ['site.pdf', 'application/pdf', undefined],
    // A type the browser gave wins over the name: a PDF named .png is not sent as a PNG.
    ['site.png', 'application/pdf', undefined],
    ['site', '', undefined],
  ])('sends %s (browser type %j) as %j', (name, type, expected) => {
    expect(plotPlanFileType({ name, type })).toBe(expected);
  });

  it('refuses what the server would refuse before reading the file', () => {
    expect(plotPlanFileRefusal({ name: 'site.png', type: 'image/png', size: 1024 })).toBeNull();
    expect(plotPlanFileRefusal({ name: 'site.png', type: 'image/png', size: PLOT_PLAN_MAX_BYTES })).toBeNull();
    expect(plotPlanFileRefusal({ name: 'site.png', type: 'image/png', size: PLOT_PLAN_MAX_BYTES + 1 })).toBe('site.png is larger than 8 MB, the most a plot plan image can be.');
    expect(plotPlanFileRefusal({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('notes.txt is not a PNG, JPEG, WebP or SVG image: choose the plot plan drawing in one of those formats.');
    expect(plotPlanFileRefusal({ name: 'site.svg', type: 'image/svg+xml', size: 0 })).toBe('site.svg is empty: choose the plot plan drawing itself.');
    expect(plotPlanFileRefusal({ name: `${'x'.repeat(197)}.png`, type: 'image/png', size: 10 })).toMatch(/^The file name is longer than 200 characters/);
  });

  it('offers exactly the image types the upload body takes', () => {
    const accepted = (PlotPlanUploadBody.properties.ContentType as unknown as { anyOf: { const: string }[] }).anyOf.map((t) => t.const);
    expect(accepted).toEqual([...PLOT_PLAN_TYPES]);
  });
});
