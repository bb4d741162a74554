import { describe, expect, it } from 'vitest';
import { ancestorsAndSelf, buildLocationTree, descendantsAndSelf } from '../../domain/locations';
import type { Location } from '../../schemas';

const location = (LocationId: number, ParentLocationId: number, Title: string): Location => ({
  LocationId, ParentLocationId, SiteId: 1, Title, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null,
});

describe('the location tree', () => {
  const tree = buildLocationTree([
    location(10, 0, 'deer Park'),
    location(11, 0, 'Bayport'),
    location(12, 11, 'Tank Farm'),
    location(13, 11, 'crude Unit'),
    location(14, 13, 'Control Room'),
  ]);

  it('lists the locations below each one by title, as people read them (not upper case first)', () => {
    expect(tree.childrenOf(0).map((l) => l.Title)).toEqual(['Bayport', 'deer Park']);
    expect(tree.childrenOf(11).map((l) => l.Title)).toEqual(['crude Unit', 'Tank Farm']);
    // Read twice, the same order.
    expect(tree.childrenOf(11).map((l) => l.LocationId)).toEqual([13, 12]);
  });

  it('has no locations below a leaf or an unknown location', () => {
    expect(tree.childrenOf(14)).toEqual([]);
    expect(tree.childrenOf(99)).toEqual([]);
  });

  it('walks up and down from a location', () => {
    expect(ancestorsAndSelf(tree, 14)).toEqual([14, 13, 11]);
    expect(descendantsAndSelf(tree, 11).sort()).toEqual([11, 12, 13, 14]);
  });
});
