import Flatbush from 'flatbush';
import { clashBetween, type Clash, type SimopsWork } from './clash';
import type { CompiledMatrix } from './matrix';

/** One plot plan's packed R-tree and the works it was built from (by the tree's item index). */
interface PlanTree {
  tree: Flatbush;
  works: SimopsWork[];
}

/**
 * Changes kept beside the packed trees before they are built again: each change then tests these
 * few linearly, and a rebuild (a few ms for 5,000 permits) comes once per this many changes.
 */
const REBUILD_AFTER = 256;

/**
 * A site's clashes, kept up to date as permits change (issue 38: 5,000 open permits recomputed in
 * ≤ 50 ms, one permit's change in ≤ 5 ms, on a tablet). A packed R-tree per plot plan (Flatbush)
 * finds the permits within a permit's reach — the widest separation of a rule naming one of its
 * kinds — so only those pairs are tested. Permits changed since the trees were built are kept
 * aside (`changed`) and their old entries skipped (`moved`) until the next build. Agrees with
 * `clashesByPairs` on every set (its property test).
 */
export class ClashIndex {
  private readonly works = new Map<string, SimopsWork>();
  private readonly trees = new Map<number, PlanTree>();
  /** Ids whose entry in the trees is out of date: changed or gone since the build. */
  private readonly moved = new Set<string>();
  /** Works added or changed since the build. */
  private readonly changed = new Map<string, SimopsWork>();
  private readonly byPermit = new Map<string, Map<string, Clash>>();

  constructor(
    private readonly matrix: CompiledMatrix,
    private readonly rebuildAfter = REBUILD_AFTER,
  ) {}

  /** Starts again from these permits: the full recompute. */
  reset(works: readonly SimopsWork[]): void {
    this.works.clear();
    this.byPermit.clear();
    for (const work of works) this.works.set(work.id, work);
    this.build();
    for (const work of works) {
      // Each pair once: from the permit whose id sorts first.
      this.near(work, (other) => {
        if (work.id < other.id) this.keep(clashBetween(this.matrix, work, other));
      });
    }
  }

  /**
   * A permit added or changed, or gone (null): its clashes found again. Answers the permits whose
   * clashes changed, itself included, so a screen redraws only those.
   */
  update(id: string, work: SimopsWork | null): Set<string> {
    const changed = new Set<string>([id]);
    for (const other of this.byPermit.get(id)?.keys() ?? []) {
      this.byPermit.get(other)?.delete(id);
      changed.add(other);
    }
    this.byPermit.delete(id);
    this.moved.add(id);
    this.changed.delete(id);
    this.works.delete(id);
    if (work) {
      this.works.set(id, work);
      this.changed.set(id, work);
      this.near(work, (other) => {
        const clash = clashBetween(this.matrix, work, other);
        if (clash) changed.add(other.id);
        this.keep(clash);
      });
    }
    if (this.moved.size > this.rebuildAfter) this.build();
    return changed;
  }

  /** A permit's clashes, the worst first (block before review, then the nearest). */
  clashesOf(id: string): Clash[] {
    return [...(this.byPermit.get(id)?.values() ?? [])].sort(worstFirst);
  }

  /** Every clash once. */
  all(): Clash[] {
    const all: Clash[] = [];
    for (const [id, clashes] of this.byPermit) for (const clash of clashes.values()) if (clash.ids[0] === id) all.push(clash);
    return all.sort(worstFirst);
  }

  private build(): void {
    this.trees.clear();
    this.moved.clear();
    this.changed.clear();
    const byPlan = new Map<number, SimopsWork[]>();
    for (const work of this.works.values()) {
      const works = byPlan.get(work.plan);
      if (works) works.push(work);
      else byPlan.set(work.plan, [work]);
    }
    for (const [plan, works] of byPlan) {
      const tree = new Flatbush(works.length);
      for (const work of works) tree.add(work.x, work.y);
      tree.finish();
      this.trees.set(plan, { tree, works });
    }
  }

  /** Calls `visit` with each permit on the work's plan within its reach, itself left out. */
  private near(work: SimopsWork, visit: (other: SimopsWork) => void): void {
    let reach = -1;
    for (const kind of work.kinds) reach = Math.max(reach, this.matrix.reach.get(kind) ?? -1);
    if (reach < 0) return;
    const minX = work.x - reach;
    const minY = work.y - reach;
    const maxX = work.x + reach;
    const maxY = work.y + reach;
    const planTree = this.trees.get(work.plan);
    // Visited inside the search's filter, which then keeps nothing: no array per search (this runs 5,000 times a recompute).
    planTree?.tree.search(minX, minY, maxX, maxY, (i) => {
      const other = planTree.works[i]!;
      if (other.id !== work.id && (this.moved.size === 0 || !this.moved.has(other.id))) visit(other);
      return false;
    });
    for (const other of this.changed.values()) {
      if (other.id !== work.id && other.plan === work.plan && other.x >= minX && other.x <= maxX && other.y >= minY && other.y <= maxY) visit(other);
    }
  }

  private keep(clash: Clash | null): void {
    if (!clash) return;
    this.note(clash.ids[0], clash.ids[1], clash);
    this.note(clash.ids[1], clash.ids[0], clash);
  }

  private note(self: string, other: string, clash: Clash): void {
    let clashes = this.byPermit.get(self);
    if (!clashes) this.byPermit.set(self, (clashes = new Map()));
    clashes.set(other, clash);
  }
}

const RANK = { block: 0, review: 1 } as const;
const worstFirst = (a: Clash, b: Clash) => RANK[a.rule] - RANK[b.rule] || a.distanceM - b.distanceM || a.ids.join().localeCompare(b.ids.join());
