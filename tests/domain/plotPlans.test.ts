import { describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import { isWorkLocationSet, plotPlanFor } from '../../domain/plotPlans';
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
});
