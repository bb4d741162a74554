import Flatbush from 'flatbush';
import type { Clash, SimopsWork } from './clash';
import { kindIds, kindTable, worstPair, type KindTable } from './kindTable';
import type { CompiledMatrix } from './matrix';


/**
 * The trees are searched a micrometre past each separation: a distance the exact test rounds to the
 * separation (or to 0, for two points a hair apart) may lie just outside the search box, and the
 * exact distance, not the box, decides (the property test found 5e-324 m reading as 0).
 */
const SEARCH_SLACK_M = 1e-6;
/** A permit in the index: its work, its kinds as numbers, and its clashes. */
interface Entry {
  work: SimopsWork;
  kinds: number[];
  /** Its place in the last build (trees' order); -1 when added since. */
  serial: number;
  /** Changed or gone since the build: its place in the trees is out of date and is skipped. */
  stale: boolean;
  /** The last one-permit search that met it: each other permit is tested once a search. */
  seen: number;
  clashes: Clash[];
}

/** One plot plan's packed R-trees, one per kind of work, and the permits each holds (by the tree's item index). */
interface PlanTrees {
  trees: (Flatbush | undefined)[];
  items: Entry[][];
}

/**
 * Changes kept beside the packed trees before they are built again: each change then tests these
 * few linearly, and a rebuild (a few ms for 5,000 permits) comes once per this many changes.
 */
const REBUILD_AFTER = 256;
/** Items per tree node: Flatbush's default; 4 and 8 measured no better on 2026-12-07 (a loaded machine). */
const NODE_SIZE = 16;

/**
 * A site's clashes, kept up to date as permits change (issue 38: 5,000 open permits recomputed in
 * ≤ 50 ms, one permit's change in ≤ 5 ms, on a tablet). Per plot plan, a packed R-tree (Flatbush)
 * per kind of work; a permit looks in the tree of each kind a rule pairs one of its kinds with, as
 * far as that rule's separation (hot work's 30 m from the line-break rule is looked for among line
 * breaks only), so few pairs are tested. The full recompute looks for each pair of kinds from one
 * side only, the kind with fewer permits, and keeps a pair of permits from the pair of kinds whose
 * rule is the worst they break: each clash is made once. Permits changed since the trees were built
 * are kept aside (`changed`) and their old entries skipped until the next build. Agrees with
 * `clashesByPairs` on every set (its property test).
 */
export class ClashIndex {
  private readonly table: KindTable;
  private readonly entries = new Map<string, Entry>();
  private readonly plans = new Map<number, PlanTrees>();
  /** Added or changed since the build. */
  private readonly changed = new Set<Entry>();
  private updatesSinceBuild = 0;
  private searches = 0;
  // The search under way, read by the filter below: one function for every search, none made per search.
  private from!: Entry;
  private found!: Entry[];
  private foundKind = 0;
  private fromKind = 0;
  private onFound: (i: number) => boolean = () => false;

  constructor(
    matrix: CompiledMatrix,
    private readonly rebuildAfter = REBUILD_AFTER,
  ) {
    this.table = kindTable(matrix);
  }

  /** Starts again from these permits: the full recompute. */
  reset(works: readonly SimopsWork[]): void {
    this.entries.clear();
    for (const work of works) this.entries.set(work.id, { work, kinds: kindIds(this.table, work.kinds), serial: -1, stale: false, seen: 0, clashes: [] });
    this.build();
    const { size, partners, separations } = this.table;
    this.onFound = this.keepIfFirstFinding;
    for (const plan of this.plans.values()) {
      for (let a = 0; a < size; a++) {
        const from = plan.items[a];
        if (!from) continue;
        for (const b of partners[a]!) {
          const tree = plan.trees[b];
          const found = plan.items[b];
          // Each pair of kinds from one side: the kind with fewer permits asks the other's tree.
          if (!tree || !found || (a !== b && (from.length > found.length || (from.length === found.length && a > b)))) continue;
          const separation = separations[a * size + b]! + SEARCH_SLACK_M;
          this.fromKind = a;
          this.foundKind = b;
          this.found = found;
          for (const entry of from) {
            this.from = entry;
            const { x, y } = entry.work;
            tree.search(x - separation, y - separation, x + separation, y + separation, this.onFound);
          }
        }
      }
    }
  }

  /**
   * A permit added or changed, or gone (null): its clashes found again. Answers the permits whose
   * clashes changed, itself included, so a screen redraws only those.
   */
  update(id: string, work: SimopsWork | null): Set<string> {
    const reported = new Set<string>([id]);
    const old = this.entries.get(id);
    if (old) {
      old.stale = true;
      this.changed.delete(old);
      this.entries.delete(id);
      for (const clash of old.clashes) {
        const other = clash.ids[0] === id ? clash.ids[1] : clash.ids[0];
        const clashes = this.entries.get(other)!.clashes;
        clashes.splice(clashes.indexOf(clash), 1);
        reported.add(other);
      }
    }
    if (work) {
      const entry: Entry = { work, kinds: kindIds(this.table, work.kinds), serial: -1, stale: false, seen: 0, clashes: [] };
      this.entries.set(id, entry);
      this.changed.add(entry);
      this.near(entry, (other) => {
        const clash = this.clashOf(entry, other);
        if (!clash) return;
        this.keep(clash, entry, other);
        reported.add(other.work.id);
      });
    }
    if (++this.updatesSinceBuild > this.rebuildAfter) this.build();
    return reported;
  }

  /** A permit's clashes, the worst first (block before review, then the nearest). */
  clashesOf(id: string): Clash[] {
    return [...(this.entries.get(id)?.clashes ?? [])].sort(worstFirst);
  }

  /** Every clash once. */
  all(): Clash[] {
    const all: Clash[] = [];
    for (const [id, entry] of this.entries) for (const clash of entry.clashes) if (clash.ids[0] === id) all.push(clash);
    return all.sort(worstFirst);
  }

  private build(): void {
    this.plans.clear();
    this.changed.clear();
    this.updatesSinceBuild = 0;
    let serial = 0;
    for (const entry of this.entries.values()) {
      entry.serial = serial++;
      let plan = this.plans.get(entry.work.plan);
      if (!plan) this.plans.set(entry.work.plan, (plan = { trees: [], items: [] }));
      for (const kind of entry.kinds) {
        const items = plan.items[kind];
        if (items) items.push(entry);
        else plan.items[kind] = [entry];
      }
    }
    for (const plan of this.plans.values()) {
      plan.items.forEach((items, kind) => {
        const tree = new Flatbush(items.length, NODE_SIZE);
        for (const { work } of items) tree.add(work.x, work.y);
        tree.finish();
        plan.trees[kind] = tree;
      });
    }
  }

  /**
   * The full recompute's filter: a permit of `foundKind` in the box around `from`. The pair is
   * kept when this pair of kinds is the one whose rule they break worst, so that of the several
   * searches that may meet the same two permits exactly one makes their clash.
   */
  private readonly keepIfFirstFinding = (i: number): boolean => {
    const other = this.found[i]!;
    const entry = this.from;
    const a = entry.work;
    const b = other.work;
    if (other === entry || a.start >= b.end || b.start >= a.end) return false;
    // Two permits both of one kind meet twice (each in the other's search): the first built keeps it.
    if (this.fromKind === this.foundKind && other.serial < entry.serial) return false;
    const { size, separations } = this.table;
    const distanceM = Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);
    if (distanceM > separations[this.fromKind * size + this.foundKind]!) return false;
    const aFirst = a.id < b.id;
    const worst = aFirst ? worstPair(this.table, entry.kinds, other.kinds, distanceM) : worstPair(this.table, other.kinds, entry.kinds, distanceM);
    if (worst !== (aFirst ? this.fromKind * size + this.foundKind : this.foundKind * size + this.fromKind)) return false;
    this.keep(aFirst ? this.clash(worst, a, b, distanceM) : this.clash(worst, b, a, distanceM), entry, other);
    return false;
  };

  /** Calls `visit` once with each permit on the entry's plan within the separation of a rule pairing their kinds, itself left out. */
  private near(entry: Entry, visit: (other: Entry) => void): void {
    const stamp = ++this.searches;
    const { x, y, plan: planId } = entry.work;
    const plan = this.plans.get(planId);
    const { size, partners, separations } = this.table;
    if (plan) {
      this.onFound = (i) => {
        const other = this.found[i]!;
        if (!other.stale && other.seen !== stamp) {
          other.seen = stamp;
          visit(other);
        }
        return false;
      };
      for (const a of entry.kinds) {
        for (const b of partners[a]!) {
          const tree = plan.trees[b];
          if (!tree) continue;
          const separation = separations[a * size + b]! + SEARCH_SLACK_M;
          this.found = plan.items[b]!;
          tree.search(x - separation, y - separation, x + separation, y + separation, this.onFound);
        }
      }
    }
    for (const other of this.changed) {
      if (other !== entry && other.work.plan === planId && other.seen !== stamp) {
        other.seen = stamp;
        visit(other);
      }
    }
  }

  /** The clash of two permits (the clash function's, on the table), or null. */
  private clashOf(entry: Entry, other: Entry): Clash | null {
    const a = entry.work;
    const b = other.work;
    if (a.start >= b.end || b.start >= a.end) return null;
    const distanceM = Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);
    const first = a.id < b.id ? entry : other;
    const second = first === entry ? other : entry;
    const worst = worstPair(this.table, first.kinds, second.kinds, distanceM);
    return worst < 0 ? null : this.clash(worst, first.work, second.work, distanceM);
  }

  /** As `clashBetween` makes it, field for field. */
  private clash(code: number, first: SimopsWork, second: SimopsWork, distanceM: number): Clash {
    const { rule, separationM } = this.table.pairRules[code]!;
    const overlap = { start: Math.max(first.start, second.start), end: Math.min(first.end, second.end) };
    return { rule, separationM, ids: [first.id, second.id], kinds: this.table.pairKinds[code]!, distanceM, overlap };
  }

  private keep(clash: Clash, a: Entry, b: Entry): void {
    a.clashes.push(clash);
    b.clashes.push(clash);
  }
}

const RANK = { block: 0, review: 1 } as const;
const worstFirst = (a: Clash, b: Clash) => RANK[a.rule] - RANK[b.rule] || a.distanceM - b.distanceM || a.ids.join().localeCompare(b.ids.join());
