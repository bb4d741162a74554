/**
 * Plot plans on the device before anyone opens them: an issuer syncs in the office and walks to
 * the unit with no network, so the maps they may open there must already be in the device's
 * store. Once the location tree is in, and whenever it changes (a new version uploaded), the
 * current plans of the user's part of the site are fetched in the background and replaced
 * versions leave the store. Only the leader tab does it: the store is shared by the tabs.
 */
import { concatMap, debounceTime, merge, startWith, type Observable, type Subscription } from 'rxjs';
import { siteFlags } from '../domain/access';
import { buildLocationTree } from '../domain/locations';
import { currentPlotPlan, plotPlansFrom } from '../domain/plotPlans';
import type { FeatureFlags } from '../domain/access';
import type { Location, Preferences, SiteDataDocument } from '../schemas';
import type { HttpClient } from './http';
import { fetchPlotPlan, plotPlanCache, plotPlanCacheKey } from './plotPlans';
import type { ReplicaDatabase } from './replica';

/** Images fetched at once: a few MB each, on a site network the pulls and the outbox share. */
const AT_ONCE = 2;
/** A pull writes sitedata document by document: one pass after it settles, not one per document. */
const SETTLE_MS = 1000;

export interface PlotPlanVersion {
  locationId: number;
  version: number;
}

export interface PlotPlansToKeep {
  /** The current plans the user's maps may show: those of the home location and below, where the site's map is on. */
  wanted: PlotPlanVersion[];
  /** False for a version its location no longer has as current; a location the replica does not know keeps its versions. */
  current(plan: PlotPlanVersion): boolean;
}

/** What the device should hold, read from the replica's sitedata (the location tree, the settings, the user's preferences). */
export function plotPlansToKeep(docs: readonly SiteDataDocument[]): PlotPlansToKeep {
  const locations = docs.filter((d) => d.type === 'location').map((d) => d.data as Location);
  const tree = buildLocationTree(locations);
  const setting = (key: keyof FeatureFlags) => docs.find((d) => d.id === `setting:${key}`)?.data === true;
  const siteFeatures = docs.find((d) => d.id === 'setting:siteFeatures')?.data as Record<string, FeatureFlags> | undefined;
  const homeId = (docs.find((d) => d.type === 'preferences')?.data as Preferences | undefined)?.HomeLocationId ?? null;
  const home = homeId === null ? undefined : tree.byId.get(homeId);
  const flags = siteFlags({ plotPlanEnabled: setting('plotPlanEnabled'), workOrdersEnabled: setting('workOrdersEnabled'), copyEnabled: setting('copyEnabled'), siteFeatures }, home?.SiteId);
  return {
    wanted: home && flags.plotPlanEnabled ? plotPlansFrom(tree, home.LocationId) : [],
    current: ({ locationId, version }) => {
      const location = tree.byId.get(locationId);
      return !location || currentPlotPlan(location) === version;
    },
  };
}

/** The version a key of the store names, or undefined for a key that is not a plot plan's. */
function keptVersion(request: Request): PlotPlanVersion | undefined {
  const url = new URL(request.url);
  const locationId = Number(url.searchParams.get('LocationId'));
  const version = Number(url.searchParams.get('Version'));
  return url.pathname === '/api/plotplan' && locationId > 0 && version > 0 ? { locationId, version } : undefined;
}

/** One pass: drops replaced versions, then fetches the wanted ones the device lacks, AT_ONCE at a time; a failed one waits for the next pass. */
async function keepCurrentPlotPlans(db: ReplicaDatabase, http: HttpClient, signal: AbortSignal): Promise<void> {
  const cache = await plotPlanCache();
  if (!cache) return;
  const { wanted, current } = plotPlansToKeep((await db.sitedata.find().exec()).map((d) => d.toJSON() as SiteDataDocument));
  for (const request of await cache.keys()) {
    const kept = keptVersion(request);
    if (kept && !current(kept)) await cache.delete(request);
  }
  const missing: PlotPlanVersion[] = [];
  for (const plan of wanted) if (!(await cache.match(plotPlanCacheKey(plan.locationId, plan.version)))) missing.push(plan);
  const worker = async () => {
    for (let plan = missing.shift(); plan && !signal.aborted; plan = missing.shift()) {
      await fetchPlotPlan(http, cache, plan.locationId, plan.version, signal).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

export interface PlotPlanPrefetchOptions {
  db: ReplicaDatabase;
  http: HttpClient;
  /** Emits when a pass that failed may now succeed (the server is reachable again). */
  retry$: Observable<unknown>;
  /** Aborts the fetches under way when the engine stops. */
  signal: AbortSignal;
}

/** Keeps the current plot plans on the device from now on: a pass now, after each sitedata change and on each retry$. */
export function keepPlotPlansOnDevice({ db, http, retry$, signal }: PlotPlanPrefetchOptions): Subscription {
  return merge(db.sitedata.$, retry$)
    .pipe(
      startWith(null),
      debounceTime(SETTLE_MS),
      // One pass at a time; a change during one brings another after it.
      concatMap(() => keepCurrentPlotPlans(db, http, signal).catch(() => undefined)),
    )
    .subscribe();
}
