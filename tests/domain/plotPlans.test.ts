import { describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import { clampToPlotPlan, dashboardMapPermits, isWorkLocationSet, plotPlanFor, startOfYesterday } from '../../domain/plotPlans';
import { OPEN_PERMIT_STATES } from '../../schemas';
import type { Location } from '../../schemas';

const loc = (LocationId: number, ParentLocationId: number, CurrentPlotPlan: number | null = null): Location => ({
  LocationId, ParentLocationId, SiteId: 1, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, CurrentPlotPlan,
  PlotPlans: CurrentPlotPlan ? [{ Version: CurrentPlotPlan, FileName: 'p.svg', ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 }] : [],
});

describe('plot plans', () => {
  it('finds the nearest plot plan up the tree', () => {
    const tree = buildLocationTree([loc(100, 0, 1), loc(110, 100), loc(111, 110, 3), loc(200, 0)]);
    expect(plotPlanFor(tree, 110)).toMatchObject({ location: { LocationId: 100 }, version: 1 });
    expect(plotPlanFor(tree, 111)).toMatchObject({ location: { LocationId: 111 }, version: 3 });
    expect(plotPlanFor(tree, 200)).toBeUndefined();
  });
  it('counts a work location as set only when both coordinates are above 0', () => {
    expect(isWorkLocationSet(120, 300)).toBe(true);
    expect(isWorkLocationSet(0, 300)).toBe(false);
    expect(isWorkLocationSet(120, 0)).toBe(false);
    expect(isWorkLocationSet(null, null)).toBe(false);
  });
  it('keeps a dragged position on the sheet, to the hundredth', () => {
    expect(clampToPlotPlan([120.456, 300.001])).toEqual([120.46, 300]);
    expect(clampToPlotPlan([-40, 1100])).toEqual([0, 1020]);
    expect(clampToPlotPlan([700, -3])).toEqual([660, 0]);
  });
  it('starts the dashboard window at the start of yesterday on the device calendar, across a month and a year', () => {
    expect(startOfYesterday(new Date(2026, 10, 25, 0, 5))).toBe('2026-11-24');
    expect(startOfYesterday(new Date(2026, 2, 1, 23, 59))).toBe('2026-02-28');
    expect(startOfYesterday(new Date(2027, 0, 1, 8))).toBe('2026-12-31');
  });
});

describe('the dashboard map', () => {
  // Site A has a plan at 100 covering 110; site B (200) has its own.
  const tree = buildLocationTree([loc(100, 0, 1), loc(110, 100), loc(200, 0, 1)]);
  const permit = (id: string, over: Partial<{ LocationId: number; Latitude: number | null; Longitude: number | null; workDate: string; State: string }> = {}) => ({
    id, LocationId: 110, Latitude: 300, Longitude: 500, workDate: '2026-11-24', State: 'APPROVED', ...over,
  });
  const mapped = (permits: ReturnType<typeof permit>[]) => {
    const { placed, hidden } = dashboardMapPermits(permits, { tree, plotPlanLocationId: 100, since: '2026-11-24', openStates: OPEN_PERMIT_STATES });
    return { placed: placed.map((p) => p.id), hidden };
  };

  it.each([
    ['placed, from yesterday, under the plan', permit('a'), { placed: ['a'], hidden: 0 }],
    ['at the plan location itself', permit('a', { LocationId: 100 }), { placed: ['a'], hidden: 0 }],
    ['with no position', permit('a', { Latitude: null, Longitude: null }), { placed: [], hidden: 1 }],
    ['with one coordinate at 0', permit('a', { Latitude: 0 }), { placed: [], hidden: 1 }],
    ['from the day before yesterday', permit('a', { workDate: '2026-11-23' }), { placed: [], hidden: 0 }],
    ['with no work date', permit('a', { workDate: '' }), { placed: [], hidden: 0 }],
    ['at another site (another plan)', permit('a', { LocationId: 200 }), { placed: [], hidden: 0 }],
    ['closed (not a legend colour)', permit('a', { State: 'COMPLETED' }), { placed: [], hidden: 0 }],
  ])('a permit %s', (_case, p, expected) => {
    expect(mapped([p])).toEqual(expected);
  });

  it('counts the hidden ones among several', () => {
    expect(mapped([permit('a'), permit('b', { Latitude: null }), permit('c', { Longitude: 0 }), permit('d', { State: 'REVOKED', Latitude: null })])).toEqual({ placed: ['a'], hidden: 2 });
  });
});
