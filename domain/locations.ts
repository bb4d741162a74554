import type { Location } from '../schemas';
import { ROOT_LOCATION_ID } from './constants';

/** An index over the location tree, built once per location list. */
export interface LocationTree {
  byId: ReadonlyMap<number, Location>;
  /** The locations right below `id` (below ROOT_LOCATION_ID: the sites' tops), by title. */
  childrenOf(id: number): readonly Location[];
}

const NONE: readonly Location[] = [];

export function buildLocationTree(locations: readonly Location[]): LocationTree {
  const byId = new Map<number, Location>();
  const children = new Map<number, Location[]>();
  for (const location of locations) {
    byId.set(location.LocationId, location);
    const siblings = children.get(location.ParentLocationId) ?? [];
    siblings.push(location);
    children.set(location.ParentLocationId, siblings);
  }
  // Sorted when first read: the first localeCompare of a page starts ICU's collator (~50 ms of a
  // tablet's offline cold start, issue 13), and a start that shows no tree needs no order.
  const sorted = new Set<number>();
  return {
    byId,
    childrenOf(id) {
      const siblings = children.get(id);
      if (!siblings) return NONE;
      if (!sorted.has(id)) {
        siblings.sort((a, b) => a.Title.localeCompare(b.Title));
        sorted.add(id);
      }
      return siblings;
    },
  };
}

/** The location itself and every location above it, nearest first. */
export function ancestorsAndSelf(tree: LocationTree, locationId: number): number[] {
  const chain: number[] = [];
  const seen = new Set<number>();
  let current = tree.byId.get(locationId);
  while (current && !seen.has(current.LocationId)) {
    seen.add(current.LocationId);
    chain.push(current.LocationId);
    if (current.ParentLocationId === ROOT_LOCATION_ID) break;
    current = tree.byId.get(current.ParentLocationId);
  }
  return chain;
}

/** The location itself and every location below it. */
export function descendantsAndSelf(tree: LocationTree, locationId: number): number[] {
  const result: number[] = [];
  const stack = [locationId];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (id !== ROOT_LOCATION_ID) result.push(id);
    for (const child of tree.childrenOf(id)) stack.push(child.LocationId);
  }
  return result;
}
