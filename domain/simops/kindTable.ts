import type { CompiledMatrix, PairRule } from './matrix';

/**
 * The compiled matrix as numbers, for the index's hot loop (issue 38's 5,000 permits in ≤ 50 ms at
 * CPU ×4): each kind of work a rule names gets a number, and a pair's rule and separation are read
 * from typed arrays at `a * size + b` instead of two Map lookups by string.
 */
export interface KindTable {
  size: number;
  /** Kind → its number; kinds no rule names have none (they never clash). */
  ids: ReadonlyMap<string, number>;
  /** Per pair: 0 when allowed or unnamed, 1 review, 2 block. */
  rules: Uint8Array;
  separations: Float64Array;
  /** Per pair: the rule as the clash carries it, and its two kinds' names (shared by every clash of that pair: never changed). */
  pairRules: (PairRule | undefined)[];
  pairKinds: [string, string][];
  /** Per kind: the kinds a rule that is not allowed pairs it with. */
  partners: number[][];
}

export const REVIEW = 1;
export const BLOCK = 2;

export function kindTable(matrix: CompiledMatrix): KindTable {
  const names = [...matrix.pairs.keys()];
  const size = names.length;
  const ids = new Map(names.map((name, i) => [name, i]));
  const rules = new Uint8Array(size * size);
  const separations = new Float64Array(size * size);
  const pairRules: (PairRule | undefined)[] = new Array(size * size).fill(undefined);
  const pairKinds: [string, string][] = [];
  const partners: number[][] = names.map(() => []);
  names.forEach((a, i) =>
    names.forEach((b, j) => {
      const code = i * size + j;
      pairKinds.push([a, b]);
      const rule = matrix.pairs.get(a)?.get(b);
      if (!rule) return;
      rules[code] = rule.rule === 'block' ? BLOCK : REVIEW;
      separations[code] = rule.separationM;
      pairRules[code] = rule;
      partners[i]!.push(j);
    }),
  );
  return { size, ids, rules, separations, pairRules, pairKinds, partners };
}

/**
 * A work's kinds as numbers, in its own order (the order `brokenRule` breaks ties in), each once
 * (a permit is in a kind's tree once); kinds no rule names left out.
 */
export function kindIds(table: KindTable, kinds: readonly string[]): number[] {
  const out: number[] = [];
  for (const kind of kinds) {
    const id = table.ids.get(kind);
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * `brokenRule` on numbers: the pair code (`a * size + b`, a of the first permit) of the worst rule
 * two permits' kinds break at this distance, or -1. Same choice, same ties, as `brokenRule`.
 */
export function worstPair(table: KindTable, kindsA: readonly number[], kindsB: readonly number[], distanceM: number): number {
  const { size, rules, separations } = table;
  let worst = -1;
  let worstRule = 0;
  let worstSeparation = 0;
  for (let i = 0; i < kindsA.length; i++) {
    const row = kindsA[i]! * size;
    for (let j = 0; j < kindsB.length; j++) {
      const code = row + kindsB[j]!;
      const rule = rules[code]!;
      if (rule === 0) continue;
      const separation = separations[code]!;
      if (distanceM > separation) continue;
      if (worst < 0 || rule > worstRule || (rule === worstRule && separation > worstSeparation)) {
        worst = code;
        worstRule = rule;
        worstSeparation = separation;
      }
    }
  }
  return worst;
}
