/**
 * The replica queries behind the dashboard's cards, live. A count is undefined until its
 * collection's first sync has finished: before that, 0 would be a guess.
 */
import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { overlayEntries$ } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import { OPEN_PERMIT_STATES, type LocationMetadata, type Permit } from '../../../schemas';
import { countOpenWorkOrders, isOpenPermit, needsApproval, overlaidCount, touchedPermitKeys } from './dashboardCounts';

/** One indexed count per open state: RxDB counts only what an index answers. */
const stateCount = (db: ReplicaDatabase, State: string) => db.permits.count({ selector: { State } });

const shared = new WeakMap<ReplicaDatabase, Map<string, Observable<unknown>>>();

/**
 * One subscription of `make()` per replica and key, whoever listens, replaying its last answer:
 * a listener that comes after it has answered gets that answer in the same task, so the
 * dashboard's first render can show it. It stops when the last listener goes.
 */
function sharedQuery<T>(db: ReplicaDatabase, key: string, make: () => Observable<T>): Observable<T> {
  let byKey = shared.get(db);
  if (!byKey) shared.set(db, (byKey = new Map()));
  let query = byKey.get(key) as Observable<T> | undefined;
  if (!query) {
    query = make().pipe(shareReplay({ bufferSize: 1, refCount: true }));
    byKey.set(key, query);
  }
  return query;
}

/** How long the counts started with the replica wait for the dashboard to take them over. */
const WARM_MS = 10_000;
const warmed = new WeakSet<ReplicaDatabase>();

/**
 * Starts the cards' counts before the dashboard renders (from when the replica opens), so they
 * are there for its first render: on a slow tablet, a render without them, then the queries,
 * then a render with them, is a large part of an offline start (issue 13).
 */
export function warmDashboardQueries(db: ReplicaDatabase, owner: string): void {
  // Asked by startApp and by SignedInRoot (a lapsed session's replica opens there): once is enough.
  if (warmed.has(db)) return;
  warmed.add(db);
  const holding = combineLatest([permitCounts$(db, owner), workOrderInputs$(db)]).subscribe({ error: () => undefined });
  setTimeout(() => holding.unsubscribe(), WARM_MS);
}

export interface PermitCounts {
  openPermits: number;
  needingApproval: number;
}

/** Counts by state, with the user's changes laid over. */
export const permitCounts$ = (db: ReplicaDatabase, owner: string): Observable<PermitCounts | undefined> =>
  sharedQuery(db, `permits:${owner}`, () => permitCountsOf(db, owner));

function permitCountsOf(db: ReplicaDatabase, owner: string): Observable<PermitCounts | undefined> {
  const byState$ = combineLatest(OPEN_PERMIT_STATES.map((State) => stateCount(db, State).$));
  const touched$ = overlayEntries$(db, owner).pipe(
    switchMap((entries) => {
      const keys = touchedPermitKeys(entries);
      if (keys.length === 0) return of({ entries, docs: [] as Permit[] });
      return db.permits.findByIds(keys).$.pipe(map((found) => ({ entries, docs: [...found.values()].map((doc) => doc.toMutableJSON()) })));
    }),
  );
  return combineLatest([collectionState$(db, 'permits'), byState$, touched$]).pipe(
    map(([state, counts, { entries, docs }]) => {
      if (!state.firstSyncDone) return undefined;
      const open = counts.reduce((sum, n) => sum + n, 0);
      const pending = counts[OPEN_PERMIT_STATES.indexOf('PENDING')] ?? 0;
      return {
        openPermits: overlaidCount(open, docs, entries, state.lastSyncedAt, isOpenPermit),
        needingApproval: overlaidCount(pending, docs, entries, state.lastSyncedAt, needsApproval),
      };
    }),
  );
}

/** Work orders in the replica whose status is active at the home location. */
export function openWorkOrderCount$(db: ReplicaDatabase, homeLocationId: number | null): Observable<number | undefined> {
  return workOrderInputs$(db).pipe(
    map(([state, workOrders, activeAt]) => (state.firstSyncDone ? countOpenWorkOrders(workOrders, activeAt.get(`locationmetadata:${homeLocationId}`) ?? []) : undefined)),
  );
}

/** The work orders, and the statuses active at each location (by its metadata's id): whatever the home location. */
const workOrderInputs$ = (db: ReplicaDatabase) =>
  sharedQuery(db, 'workorders', () =>
    combineLatest([
      collectionState$(db, 'workorders'),
      db.workorders.find().$,
      db.sitedata
        .find({ selector: { type: 'locationmetadata' } })
        .$.pipe(map((docs) => new Map(docs.map((doc) => [doc.id, (doc.data as LocationMetadata).WorkOrders.ActiveStatuses])))),
    ]),
  );
