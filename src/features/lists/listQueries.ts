/**
 * A site's lists as the admin pages show them: the replica's `list` documents with the user's
 * queued changes laid over (DESIGN.md §4.2), so a list added offline shows at once.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { overlayEntries$ } from '../../../replication/outbox';
import { overlayPending, type Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { SiteDataDocument, SiteList } from '../../../schemas';

export interface ShownList {
  list: SiteList;
  /** A change of it waits to reach the server. */
  pending: boolean;
}

export const listDocId = (siteId: number, fieldKey: string) => `list:${siteId}:${fieldKey}`;

export function siteLists$(db: ReplicaDatabase, owner: string, siteId: number): Observable<ShownList[]> {
  return combineLatest([db.sitedata.find({ selector: { type: 'list' } }).$, overlayEntries$(db, owner), collectionState$(db, 'sitedata')]).pipe(
    map(([docs, entries, state]) =>
      overlayPending<SiteDataDocument>({
        collection: 'sitedata',
        docs: docs.map((d) => d.toMutableJSON()),
        entries,
        syncedAt: state.lastSyncedAt,
        matches: (doc) => doc.type === 'list' && (doc.data as SiteList).SiteId === siteId,
      })
        .map((o: Overlaid<SiteDataDocument>) => ({ list: o.doc.data as SiteList, pending: o.pending }))
        .sort((a, b) => a.list.FieldKey.localeCompare(b.list.FieldKey)),
    ),
  );
}
