import { OPEN_PERMIT_STATES } from '../../schemas';
import type { SimopsSettings } from '../../schemas/simops';
import type { LocationTree } from '../locations';
import { isWorkLocationSet, plotPlanFor } from '../plotPlans';
import { clashBetween, type Clash, type SimopsWork } from './clash';
import { ClashIndex } from './clashIndex';
import { compileMatrix, type CompiledMatrix } from './matrix';
import { DEFAULT_METRES_PER_UNIT, PLANNED_HORIZON_MS, simopsWindow, simopsWork, type SimopsPermitFacts, type SimopsPlace } from './work';

/** A permit as a device tracks it: what the clash function reads, and where it is. */
export interface SitePermitFacts extends SimopsPermitFacts {
  SiteId: number;
  LocationId: number;
}

/** Where a permit is drawn, and whether an administrator measured the plan (else its distances are estimates). */
export interface SimopsPlan extends SimopsPlace {
  calibrated: boolean;
}

interface Site {
  settings: SimopsSettings;
  matrix: CompiledMatrix;
  index: ClashIndex;
  works: Map<string, SimopsWork>;
}

/** More changed permits than this in one sync: the site's index is built again rather than told of each. */
const BULK = 256;

const sameWork = (a: SimopsWork | undefined, b: SimopsWork | null) =>
  a === undefined
    ? b === null
    : b !== null && a.plan === b.plan && a.x === b.x && a.y === b.y && a.start === b.start && a.end === b.end && a.kinds.join() === b.kinds.join();

/**
 * The clashes of every site in a device's replica (issue 38), kept as its permits and the clock
 * change: each `sync` finds every permit's work again (cheap) and tells a site's `ClashIndex` only
 * of those that changed, so a pulled permit or a change typed offline costs one permit's update,
 * not a recompute. The clock moves a permit in (planned work within 24 hours) or out (its window
 * over): `nextChangeAt` says when, and the device syncs again then. One per matrix and plan scales:
 * a change of those (rare, an administrator's) starts a new one.
 */
export class SiteClashes {
  private readonly sites = new Map<number, Site>();
  private readonly siteOf = new Map<string, number>();
  private readonly plans = new Map<number, SimopsPlan | undefined>();
  /** When the clock next moves a permit in or out of the clashes; Infinity when nothing waits. */
  nextChangeAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly tree: LocationTree,
    private readonly settingsOf: (siteId: number) => SimopsSettings,
  ) {}

  /** The permits as they are at `now`; whether any clash changed. */
  sync(permits: readonly SitePermitFacts[], now: number): boolean {
    let next = Number.POSITIVE_INFINITY;
    const works = permits.map((permit) => {
      const plan = this.planOf(permit.LocationId);
      if (plan && OPEN_PERMIT_STATES.includes(permit.State) && isWorkLocationSet(permit.Latitude, permit.Longitude)) {
        const window = simopsWindow(permit);
        const enters = window ? window.start - PLANNED_HORIZON_MS : Number.NaN;
        if (enters >= now) next = Math.min(next, enters);
        else if (window && window.end > now) next = Math.min(next, window.end);
      }
      return simopsWork(permit, plan, this.site(permit.SiteId).settings.Hazards, now);
    });
    this.nextChangeAt = next;
    const changed = new Map<Site, string[]>();
    const touch = (site: Site, id: string) => {
      const ids = changed.get(site);
      if (ids) ids.push(id);
      else changed.set(site, [id]);
    };
    const seen = new Set<string>();
    permits.forEach((permit, i) => {
      const id = permit.PermitInstanceId;
      seen.add(id);
      const was = this.siteOf.get(id);
      if (was !== undefined && was !== permit.SiteId && this.site(was).works.delete(id)) touch(this.site(was), id);
      const site = this.site(permit.SiteId);
      const work = works[i]!;
      this.siteOf.set(id, permit.SiteId);
      if (sameWork(site.works.get(id), work)) return;
      if (work) site.works.set(id, work);
      else site.works.delete(id);
      touch(site, id);
    });
    for (const [id, siteId] of this.siteOf) {
      if (seen.has(id)) continue;
      this.siteOf.delete(id);
      if (this.site(siteId).works.delete(id)) touch(this.site(siteId), id);
    }
    for (const [site, ids] of changed) {
      // Many at once (the first pull, a page of them): the index is built again in one go, the full recompute.
      if (ids.length > BULK) site.index.reset([...site.works.values()]);
      else for (const id of ids) site.index.update(id, site.works.get(id) ?? null);
    }
    return changed.size > 0;
  }

  /** A permit's clashes, the worst first. */
  clashesOf(id: string): Clash[] {
    const siteId = this.siteOf.get(id);
    return siteId === undefined ? [] : this.site(siteId).index.clashesOf(id);
  }

  /** Every clash of a site once, the worst first. */
  clashesAt(siteId: number): Clash[] {
    return this.sites.get(siteId)?.index.all() ?? [];
  }

  /** The permit as the clash function sees it now; undefined when it cannot clash. */
  workOf(id: string): SimopsWork | undefined {
    const siteId = this.siteOf.get(id);
    return siteId === undefined ? undefined : this.sites.get(siteId)?.works.get(id);
  }

  /** The widest separation, in metres, of a rule naming one of the permit's kinds of work: how far around it to look. */
  reachOf(id: string): number {
    const work = this.workOf(id);
    const site = this.siteOf.get(id);
    if (!work || site === undefined) return 0;
    const { reach } = this.site(site).matrix;
    return Math.max(0, ...work.kinds.map((kind) => reach.get(kind) ?? 0));
  }

  /** The plot plan a location's permits are drawn on, with its scale. */
  planOf(locationId: number): SimopsPlan | undefined {
    if (this.plans.has(locationId)) return this.plans.get(locationId);
    const found = plotPlanFor(this.tree, locationId)?.location;
    const scale = found && this.site(found.SiteId).settings.PlanScales[String(found.LocationId)];
    const plan = found && { plan: found.LocationId, metresPerUnit: scale ?? DEFAULT_METRES_PER_UNIT, calibrated: scale !== undefined };
    this.plans.set(locationId, plan);
    return plan;
  }

  /**
   * The clashes the permit would have if it were approved now, as the server judges them at that
   * moment (server/simops/gate.ts): issued from now unless it already was, against every other
   * permit of its site that can clash.
   */
  clashesIfIssued(permit: SitePermitFacts, now: number): Clash[] {
    const site = this.site(permit.SiteId);
    const issuing = simopsWork(
      { ...permit, State: 'APPROVED', EffectiveDate: permit.EffectiveDate ?? new Date(now).toISOString() },
      this.planOf(permit.LocationId),
      site.settings.Hazards,
      now,
    );
    if (!issuing) return [];
    const clashes: Clash[] = [];
    for (const other of site.works.values()) {
      const clash = other.id === permit.PermitInstanceId ? null : clashBetween(site.matrix, issuing, other);
      if (clash) clashes.push(clash);
    }
    return clashes;
  }

  private site(siteId: number): Site {
    let site = this.sites.get(siteId);
    if (!site) {
      const settings = this.settingsOf(siteId);
      const matrix = compileMatrix(settings);
      site = { settings, matrix, index: new ClashIndex(matrix), works: new Map() };
      this.sites.set(siteId, site);
    }
    return site;
  }
}
