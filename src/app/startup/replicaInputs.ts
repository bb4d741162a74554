/**
 * What the startup takes from the device, live: the user remembered on it, and the sitedata
 * collection and queued changes of the user's replica. Any tab reads it, leader or not.
 */
import { combineLatest, map, scan, type Observable } from 'rxjs';
import type { DeepReadonly } from 'rxdb';
import { overlayEntries$ } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$, type CollectionSyncState } from '../../../replication/syncState';
import type { OutboxEntry, SiteDataDocument } from '../../../schemas';
import type { DeviceDatabase } from '../../db/database';
import { deviceUser$, type DeviceUser } from '../../db/device';
import { basicsFromSiteData, PREFERENCES_ID, type SiteBasics } from './siteData';

export interface ReplicaInputs {
  /** The user remembered on the device, if it is this user. */
  device: DeepReadonly<DeviceUser> | null;
  /** Settings and locations from the replica; null until it first holds them all. */
  basics: SiteBasics | null;
  /** The pulled preferences document, if any. */
  preferencesDoc: SiteDataDocument | undefined;
  /** The user's queued and recently accepted changes, for the overlay. */
  entries: OutboxEntry[];
  /** When a pull last reached the end of sitedata (the overlay's syncedAt). */
  syncedAt: number | null;
}

interface Snapshot {
  docs: SiteDataDocument[];
  state: CollectionSyncState;
  device: DeepReadonly<DeviceUser> | null;
  entries: OutboxEntry[];
}

/**
 * A resync (the user's scope changed with their home location) empties sitedata and fills it
 * again: meanwhile the last complete settings, locations and preferences stay in use, so the
 * screens do not fall back to a loading view for a moment.
 */
function keepLastComplete(previous: ReplicaInputs | null, next: Snapshot): ReplicaInputs {
  const complete = basicsFromSiteData(next.docs);
  const basics = complete && (next.state.firstSyncDone || !previous?.basics) ? complete : (previous?.basics ?? null);
  return {
    device: next.device,
    basics,
    preferencesDoc: next.docs.find((d) => d.id === PREFERENCES_ID) ?? previous?.preferencesDoc,
    entries: next.entries,
    syncedAt: next.state.lastSyncedAt,
  };
}

export function replicaInputs$(db: ReplicaDatabase, device: DeviceDatabase, email: string): Observable<ReplicaInputs> {
  const docs$ = db.sitedata.find().$.pipe(map((docs) => docs.map((doc) => doc.toMutableJSON())));
  const device$ = deviceUser$(device).pipe(map((user) => (user?.email === email ? user : null)));
  return combineLatest({ docs: docs$, state: collectionState$(db, 'sitedata'), device: device$, entries: overlayEntries$(db, email) }).pipe(
    scan<Snapshot, ReplicaInputs, null>(keepLastComplete, null),
  );
}
