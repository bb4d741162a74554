import type { SimopsMatrix, SimopsRuleKind, SimopsSettings } from '../../schemas/simops';

/**
 * The demo site's matrix, a sensible start for a refinery (issue 38): ignition near a confined
 * space's opening or a line break is not allowed; two hot-work jobs close together, or work
 * beside an entry, need an area authority's eye.
 */
export const DEFAULT_SIMOPS_MATRIX: SimopsMatrix = {
  Rules: [
    { A: 'HotWork', B: 'ConfinedSpace', Rule: 'block', SeparationM: 15 },
    { A: 'HotWork', B: 'HotWork', Rule: 'review', SeparationM: 10 },
    { A: 'HotWork', B: 'lineBreak', Rule: 'block', SeparationM: 30 },
    { A: 'ignitionSource', B: 'flammables', Rule: 'block', SeparationM: 15 },
    { A: 'ConfinedSpace', B: 'ColdWork', Rule: 'review', SeparationM: 5 },
    { A: 'ColdWork', B: 'ColdWork', Rule: 'allowed', SeparationM: 0 },
  ],
  Hazards: [
    { Key: 'ignitionSource', Label: 'Ignition source', Fields: ['HotWork.ignitionSource'] },
    { Key: 'lineBreak', Label: 'Line break', Fields: ['ColdWork.lineBreak'] },
    { Key: 'flammables', Label: 'Flammables present', Fields: ['ConfinedSpace.flammables', 'ColdWork.flammables'] },
  ],
};

/** A site nobody has set up yet works with the demo's sensible matrix and no calibrated plan: on the server and on devices alike. */
export const DEFAULT_SIMOPS_SETTINGS: SimopsSettings = { ...DEFAULT_SIMOPS_MATRIX, PlanScales: {} };

/** The rule of a pair of kinds of work that is not allowed, with its separation. */
export interface PairRule {
  rule: Exclude<SimopsRuleKind, 'allowed'>;
  separationM: number;
}

/** A matrix made ready to answer pairs fast: what the clash function and the index read. */
export interface CompiledMatrix {
  /** Both ways round (A × B under A and under B); allowed pairs are left out. */
  pairs: ReadonlyMap<string, ReadonlyMap<string, PairRule>>;
  /** The widest separation of any rule naming the kind: how far the index looks around a permit. */
  reach: ReadonlyMap<string, number>;
}

export function compileMatrix(matrix: SimopsMatrix): CompiledMatrix {
  const pairs = new Map<string, Map<string, PairRule>>();
  const set = (a: string, b: string, rule: PairRule | undefined) => {
    let row = pairs.get(a);
    if (!row) pairs.set(a, (row = new Map()));
    if (rule) row.set(b, rule);
    else row.delete(b);
  };
  for (const { A, B, Rule, SeparationM } of matrix.Rules) {
    // A pair named twice keeps the rule written last, as an administrator editing a row expects.
    const rule = Rule === 'allowed' ? undefined : { rule: Rule, separationM: SeparationM };
    set(A, B, rule);
    set(B, A, rule);
  }
  const reach = new Map<string, number>();
  for (const [kind, row] of pairs) if (row.size > 0) reach.set(kind, Math.max(...[...row.values()].map((r) => r.separationM)));
  return { pairs, reach };
}

/** The worst rule two permits' kinds of work break at this distance: block over review, then the wider separation. */
export function brokenRule(
  matrix: CompiledMatrix,
  kindsA: readonly string[],
  kindsB: readonly string[],
  distanceM: number,
): (PairRule & { kinds: [string, string] }) | null {
  let worst: PairRule | undefined;
  let kindA = '';
  let kindB = '';
  for (const a of kindsA) {
    const row = matrix.pairs.get(a);
    if (!row) continue;
    for (const b of kindsB) {
      const pair = row.get(b);
      if (!pair || distanceM > pair.separationM) continue;
      if (!worst || (pair.rule === 'block' && worst.rule === 'review') || (pair.rule === worst.rule && pair.separationM > worst.separationM)) {
        worst = pair;
        kindA = a;
        kindB = b;
      }
    }
  }
  // Nothing made for a pair that breaks no rule: most pairs the index finds do not.
  return worst ? { rule: worst.rule, separationM: worst.separationM, kinds: [kindA, kindB] } : null;
}
