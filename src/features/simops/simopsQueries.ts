/**
 * The SIMOPS clashes of the replica (issue 38), live and offline: its permits with the user's
 * queued changes laid over, the sites' matrices and plan scales (the `simops:<site>` settings of
 * the site data), and the clock. One `SiteClashes` per matrix, told of each change; shared by
 * every screen that shows clashes, so the permit list, the permit page and the map read one index.
 */
import { combineLatest, distinctUntilChanged, map, Observable, shareReplay } from 'rxjs';
import type { LocationTree } from '../../../domain/locations';
import { derivedFields } from '../../../domain/permits/derived';
import { DEFAULT_SIMOPS_SETTINGS } from '../../../domain/simops/matrix';
import { SiteClashes, type SitePermitFacts } from '../../../domain/simops/siteClashes';
import { overlayEntries$ } from '../../../replication/outbox';
import { overlayPending, type Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { OutboxEntry, PermitDefinition, PermitState, ReplicatedPermit, SimopsSettings } from '../../../schemas';
import { contentPath, definitionsById$ } from '../permits/permitQueries';

/** What the screens read: the clashes, and the permits they name (by id) as the user sees them and as the clash function reads them. */
export interface SimopsView {
  clashes: SiteClashes;
  permits: ReadonlyMap<string, ReplicatedPermit>;
  facts: ReadonlyMap<string, SitePermitFacts>;
}

const SETTING_PREFIX = 'setting:simops:';

/** Each site's stored SIMOPS settings, by site id; as text, so a pull that leaves them be rebuilds nothing. */
const settings$ = (db: ReplicaDatabase): Observable<string> =>
  db.sitedata.find({ selector: { type: 'setting' } }).$.pipe(
    map((docs) => JSON.stringify(docs.filter((d) => d.id.startsWith(SETTING_PREFIX)).map((d) => [d.id.slice(SETTING_PREFIX.length), d.data]))),
    distinctUntilChanged(),
  );

const CONTENT_PATH = contentPath('');
const sameEntries = (a: readonly OutboxEntry[], b: readonly OutboxEntry[]) =>
  a.length === b.length && a.every((e, i) => e.id === b[i]!.id && e.status === b[i]!.status && e.doneAt === b[i]!.doneAt);

/**
 * The permits with the user's queued changes laid over, all but their content edits: each key
 * typed in a permit's form queues one, and laying the outbox over every permit again for it
 * would cost the typing on a tablet (the permit page shows the Nearby work panel). A hazard
 * ticked offline counts once the server's version is pulled; the server judges it at approval anyway.
 */
function simopsPermits$(db: ReplicaDatabase, owner: string): Observable<Overlaid<ReplicatedPermit>[]> {
  const entries$ = overlayEntries$(db, owner).pipe(
    map((entries) => entries.filter((e) => !e.path.startsWith(CONTENT_PATH) && e.effects.some((f) => f.collection === 'permits'))),
    distinctUntilChanged(sameEntries),
  );
  return combineLatest([db.permits.find().$, entries$, collectionState$(db, 'permits')]).pipe(
    map(([docs, entries, state]) => overlayPending({ collection: 'permits', docs: docs.map((d) => d.toJSON() as ReplicatedPermit), entries, syncedAt: state.lastSyncedAt })),
  );
}

/** The end of a permit's validity its form gives, read once per content (a permit's content is a new object only when it changed). */
const validUntilOf = new WeakMap<object, string>();

function factsOf(permit: ReplicatedPermit, definitions: ReadonlyMap<string, PermitDefinition>): SitePermitFacts {
  let validUntil = validUntilOf.get(permit.ContentJSON);
  if (validUntil === undefined) {
    const definition = definitions.get(permit.PermitDefinitionId);
    validUntil = definition ? derivedFields(permit.ContentJSON, definition.DefinitionMetadataJSON, permit.PermitInstanceMetadataJSON, '').validUntil : '';
    if (definition) validUntilOf.set(permit.ContentJSON, validUntil);
  }
  return { ...permit, State: permit.State as PermitState, validUntil };
}

function simopsOf(db: ReplicaDatabase, owner: string, tree: LocationTree, now: () => number): Observable<SimopsView> {
  return new Observable<SimopsView>((subscriber) => {
    let clashes: SiteClashes | null = null;
    let shownSettings = '';
    let facts: SitePermitFacts[] = [];
    let permits = new Map<string, ReplicatedPermit>();
    let factsById = new Map<string, SitePermitFacts>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emit = () => subscriber.next({ clashes: clashes!, permits, facts: factsById });
    // The clock moves permits in and out of the clashes at their windows' edges: synced again then.
    const wake = () => {
      clearTimeout(timer);
      const wait = clashes!.nextChangeAt - now();
      if (Number.isFinite(wait)) timer = setTimeout(() => {
        if (clashes!.sync(facts, now())) emit();
        wake();
      }, Math.min(Math.max(wait, 0) + 1, 2 ** 31 - 1));
    };
    const subscription = combineLatest([simopsPermits$(db, owner), definitionsById$(db), settings$(db)]).subscribe({
      next: ([overlaid, definitions, settings]) => {
        permits = new Map(overlaid.map(({ doc }) => [doc.PermitInstanceId, doc]));
        facts = overlaid.map(({ doc }) => factsOf(doc, definitions));
        factsById = new Map(facts.map((f) => [f.PermitInstanceId, f]));
        if (!clashes || settings !== shownSettings) {
          const bySite = new Map((JSON.parse(settings) as [string, SimopsSettings][]).map(([site, value]) => [Number(site), value]));
          clashes = new SiteClashes(tree, (siteId) => bySite.get(siteId) ?? DEFAULT_SIMOPS_SETTINGS);
          shownSettings = settings;
          clashes.sync(facts, now());
          emit();
        } else if (clashes.sync(facts, now())) emit();
        wake();
      },
      error: (error: unknown) => subscriber.error(error),
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  });
}

/** One site's SIMOPS settings as this device holds them: the stored ones, else the default every server starts from. */
export const siteSimopsSettings$ = (db: ReplicaDatabase, siteId: number): Observable<SimopsSettings> =>
  db.sitedata.findOne(`${SETTING_PREFIX}${siteId}`).$.pipe(map((doc) => (doc ? (doc.data as SimopsSettings) : DEFAULT_SIMOPS_SETTINGS)));

const shared = new WeakMap<ReplicaDatabase, Map<string, { plans: string; view$: Observable<SimopsView> }>>();

/** What of the location tree the clashes read: where each location is and which plot plan it uses. */
const plansOf = (tree: LocationTree) =>
  JSON.stringify([...tree.byId.values()].map((l) => [l.LocationId, l.ParentLocationId, l.SiteId, l.CurrentPlotPlan, l.PlotPlans.length]));

/**
 * The replica's clashes for this user, one shared computation while any screen shows them. The
 * app builds its location tree again whenever the site data changes: the same places and plans
 * keep the same computation, so screens neither blink nor recompute.
 */
export function simops$(db: ReplicaDatabase, owner: string, tree: LocationTree, now: () => number = Date.now): Observable<SimopsView> {
  let byOwner = shared.get(db);
  if (!byOwner) shared.set(db, (byOwner = new Map()));
  const plans = plansOf(tree);
  const known = byOwner.get(owner);
  if (known?.plans === plans) return known.view$;
  const view$ = simopsOf(db, owner, tree, now).pipe(shareReplay({ bufferSize: 1, refCount: true }));
  byOwner.set(owner, { plans, view$ });
  return view$;
}
