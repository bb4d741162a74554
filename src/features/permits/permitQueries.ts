/**
 * Live replica reads of the permit screens (DESIGN.md §4.1): the pulled documents with the
 * user's own outbox changes laid over, so a permit created offline opens at once.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { overlayEntries$ } from '../../../replication/outbox';
import { overlayPending, type Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { Draft, LocationMetadata, OutboxEntry, PermitDefinition, ReplicatedPermit, WorkOrder } from '../../../schemas';

export const locationMetadata$ = (db: ReplicaDatabase, locationId: number | null): Observable<LocationMetadata | null> =>
  db.sitedata.findOne(`locationmetadata:${locationId}`).$.pipe(map((doc) => (doc ? (doc.data as LocationMetadata) : null)));

export const definition$ = (db: ReplicaDatabase, id: string | null): Observable<PermitDefinition | null> =>
  db.definitions.findOne(id ?? '').$.pipe(map((doc) => doc?.toMutableJSON() ?? null));

export const workOrders$ = (db: ReplicaDatabase): Observable<WorkOrder[]> =>
  db.workorders.find({ sort: [{ scheduledStart: 'desc' }] }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())));

/**
 * The permits in the replica (each with its approvals), newest first, with pending creations and
 * changes laid over. The documents are RxDB's own, not copies: the screens that list permits only
 * read them (RxDB freezes them in development, where a screen that wrote to one would fail). A
 * deep copy of each of 5,000 permits, made again on every change, kept 2.4 MB more on the permit
 * list and left as much garbage at each change, collected while the user types (issue 13).
 */
export function permits$(db: ReplicaDatabase, owner: string): Observable<Overlaid<ReplicatedPermit>[]> {
  return combineLatest([db.permits.find({ sort: [{ CreatedOn: 'desc' }] }).$, overlayEntries$(db, owner), collectionState$(db, 'permits')]).pipe(
    map(([docs, entries, state]) =>
      overlayPending({ collection: 'permits', docs: docs.map((d) => d.toJSON() as ReplicatedPermit), entries, syncedAt: state.lastSyncedAt }),
    ),
  );
}

/** One permit as the user should see it (null while unknown or gone), with the user's pending content updates. */
export function permit$(db: ReplicaDatabase, owner: string, id: string): Observable<{ permit: Overlaid<ReplicatedPermit> | null; updates: string[] }> {
  return combineLatest([db.permits.findOne(id).$, overlayEntries$(db, owner), collectionState$(db, 'permits')]).pipe(
    map(([doc, entries, state]) => {
      const docs = doc ? [doc.toMutableJSON()] : [];
      const [permit] = overlayPending({ collection: 'permits', docs, entries, syncedAt: state.lastSyncedAt, matches: (p) => p.PermitInstanceId === id });
      return { permit: permit ?? null, updates: contentUpdates(entries, id) };
    }),
  );
}

/** Yjs updates of a permit still in the outbox: the editor replays them over the pulled state, so nothing typed offline is hidden. */
export function contentUpdates(entries: readonly OutboxEntry[], id: string): string[] {
  const path = contentPath(id);
  return entries.filter((e) => e.status === 'pending' && e.path === path).map((e) => (e.body as { update: string }).update);
}

export const contentPath = (id: string) => `/permitcontent?PermitInstanceId=${encodeURIComponent(id)}`;

/** Every definition in the replica by id (the drafts list reads its columns where each draft's definition says). */
export const definitionsById$ = (db: ReplicaDatabase): Observable<Map<string, PermitDefinition>> =>
  db.definitions.find().$.pipe(map((docs) => new Map(docs.map((d) => [d.PermitDefinitionId, d.toMutableJSON() as PermitDefinition]))));

/** The user's drafts, newest first, with unsent saves and deletions laid over. */
export function drafts$(db: ReplicaDatabase, owner: string): Observable<Overlaid<Draft>[]> {
  return combineLatest([db.drafts.find({ sort: [{ LastUpdatedOn: 'desc' }] }).$, overlayEntries$(db, owner), collectionState$(db, 'drafts')]).pipe(
    map(([docs, entries, state]) => overlayPending({ collection: 'drafts', docs: docs.map((d) => d.toMutableJSON()), entries, syncedAt: state.lastSyncedAt })),
  );
}
