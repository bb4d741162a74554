/**
 * The replica queries behind the dashboard's cards, live. A count is undefined until its
 * collection's first sync has finished: before that, 0 would be a guess.
 */
import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import { overlayEntries$ } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import { OPEN_PERMIT_STATES, type LocationMetadata, type Permit } from '../../../schemas';
import { countOpenWorkOrders, isOpenPermit, needsApproval, overlaidCount, touchedPermitKeys } from './dashboardCounts';

/** One indexed count per open state: RxDB counts only what an index answers. */
const stateCount = (db: ReplicaDatabase, State: string) => db.permits.count({ selector: { State } });
const allWorkOrders = (db: ReplicaDatabase) => db.workorders.find();

const warmed = new WeakSet<ReplicaDatabase>();

/**
 * Runs the cards' queries before the dashboard renders (from when the replica opens): RxDB keeps
 * each query's result, so the cards subscribe to an answer instead of waiting for IndexedDB
 * behind the shell's first render, which on a slow tablet is most of an offline start.
 */
export function warmDashboardQueries(db: ReplicaDatabase): void {
  // Asked by startApp and by SignedInRoot (a lapsed session's replica opens there): once is enough.
  if (warmed.has(db)) return;
  warmed.add(db);
  for (const State of OPEN_PERMIT_STATES) stateCount(db, State).exec().catch(() => undefined);
  allWorkOrders(db).exec().catch(() => undefined);
}

export interface PermitCounts {
  openPermits: number;
  needingApproval: number;
}

/** Counts by state, with the user's changes laid over. */
export function permitCounts$(db: ReplicaDatabase, owner: string): Observable<PermitCounts | undefined> {
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
  const active$ = db.sitedata
    .findOne(`locationmetadata:${homeLocationId}`)
    .$.pipe(map((doc) => (doc ? (doc.data as LocationMetadata).WorkOrders.ActiveStatuses : [])));
  return combineLatest([collectionState$(db, 'workorders'), allWorkOrders(db).$, active$]).pipe(
    map(([state, workOrders, active]) => (state.firstSyncDone ? countOpenWorkOrders(workOrders, active) : undefined)),
  );
}
