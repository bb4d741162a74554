import { brokenRule, type CompiledMatrix, type PairRule } from './matrix';

/**
 * A permit as the clash function sees it: where on which plot plan (in metres from the plan's
 * corner, scaled by the caller), when (epoch ms, end exclusive), and its kinds of work (permit
 * types and hazard flags). Made by `simopsWork` from a permit in the replica or on the server.
 */
export interface SimopsWork {
  id: string;
  /** The plot plan it is placed on (its location's id): permits on two drawings never clash. */
  plan: number;
  x: number;
  y: number;
  start: number;
  end: number;
  kinds: readonly string[];
}

/** Two permits' clash, the same whichever permit it is read from. */
export interface Clash extends PairRule {
  /** The two permits' ids, in id order. */
  ids: [string, string];
  /** The kinds of work of each (as `ids`) the rule names. */
  kinds: [string, string];
  distanceM: number;
  /** When both run: the overlap of their windows. */
  overlap: { start: number; end: number };
}

// Not Math.hypot: several times slower in V8, and this runs for every pair the index finds.
export const distanceBetween = (a: SimopsWork, b: SimopsWork): number => Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);

/**
 * The clash function (issue 38): two permits clash when they are on the same plot plan, their
 * windows overlap, and a rule of the matrix for their kinds of work is not `allowed` within the
 * distance between them. Which permits are open and in the horizon is `simopsWork`'s to decide.
 */
export function clashBetween(matrix: CompiledMatrix, a: SimopsWork, b: SimopsWork): Clash | null {
  if (a.id === b.id || a.plan !== b.plan || a.start >= b.end || b.start >= a.end) return null;
  const distanceM = distanceBetween(a, b);
  // Read in id order, so the clash is the same from either permit; no pair array made (most pairs do not clash).
  const aFirst = a.id < b.id;
  const first = aFirst ? a : b;
  const second = aFirst ? b : a;
  const broken = brokenRule(matrix, first.kinds, second.kinds, distanceM);
  if (!broken) return null;
  const overlap = { start: Math.max(a.start, b.start), end: Math.min(a.end, b.end) };
  return { rule: broken.rule, separationM: broken.separationM, ids: [first.id, second.id], kinds: broken.kinds, distanceM, overlap };
}

/** Every clash of a set, pair by pair: the definition the index (SimopsIndex) must agree with. */
export function clashesByPairs(matrix: CompiledMatrix, works: readonly SimopsWork[]): Clash[] {
  const clashes: Clash[] = [];
  for (let i = 0; i < works.length; i++) {
    for (let j = i + 1; j < works.length; j++) {
      const clash = clashBetween(matrix, works[i]!, works[j]!);
      if (clash) clashes.push(clash);
    }
  }
  return clashes;
}
