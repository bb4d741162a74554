/**
 * The replica's status for the UI (header, first-sync progress, banners): built from local
 * documents and outbox queries, so it reads the same in every tab, leader or not.
 */
import { combineLatest, distinctUntilChanged, fromEvent, map, merge, of, startWith, type Observable } from 'rxjs';
import { PULLED_COLLECTIONS, type PulledCollection } from '../schemas';
import { LOCAL_DOCS, local$, type ReplicaDatabase } from './replica';
import { NOT_SYNCED, signInNeeded$, type CollectionSyncState } from './syncState';

export interface SyncStatus {
  /** What the browser says of its connection. */
  online: boolean;
  collections: Record<PulledCollection, CollectionSyncState>;
  /** Every collection has been pulled to the end once: empty lists are really empty. */
  firstSyncDone: boolean;
  /** Documents received and expected during the first sync, over all collections. */
  progress: { pulled: number; expected: number };
  /** The latest time a pull reached the end of a collection (epoch ms); null before any did. */
  lastSyncedAt: number | null;
  /** The user's changes waiting to be sent. */
  pendingCount: number;
  /** The user's changes the server refused (the "Not synced" list). */
  refusedCount: number;
  /** The server wants a new sign-in; pendingCount changes wait for it. */
  signInNeeded: boolean;
  /** The server refused a pull (a 4xx): its sentence. The pulls stop until the user asks again (refresh). */
  pullRefused: string | null;
}

/** navigator.onLine and its events; always online where there is no window (Node). */
export function browserOnline$(): Observable<boolean> {
  if (typeof window === 'undefined') return of(true);
  return merge(fromEvent(window, 'online'), fromEvent(window, 'offline')).pipe(
    map(() => navigator.onLine),
    startWith(navigator.onLine),
    distinctUntilChanged(),
  );
}

const count$ = (db: ReplicaDatabase, owner: string, status: 'pending' | 'refused') =>
  db.outbox.count({ selector: { owner, status } }).$;

export function syncStatus$(db: ReplicaDatabase, owner: string, online$: Observable<boolean> = browserOnline$()): Observable<SyncStatus> {
  const states$ = combineLatest(
    PULLED_COLLECTIONS.map((c) => local$<CollectionSyncState>(db, LOCAL_DOCS.collectionState(c)).pipe(map((s) => s ?? NOT_SYNCED))),
  );
  return combineLatest([online$, states$, count$(db, owner, 'pending'), count$(db, owner, 'refused'), signInNeeded$(db)]).pipe(
    map(([online, states, pendingCount, refusedCount, signInNeeded]): SyncStatus => {
      const collections = Object.fromEntries(PULLED_COLLECTIONS.map((c, i) => [c, states[i]!])) as Record<PulledCollection, CollectionSyncState>;
      const synced = states.map((s) => s.lastSyncedAt).filter((t): t is number => t !== null);
      return {
        online,
        collections,
        firstSyncDone: states.every((s) => s.firstSyncDone),
        progress: {
          pulled: states.reduce((sum, s) => sum + s.pulled, 0),
          expected: states.reduce((sum, s) => sum + s.expected, 0),
        },
        lastSyncedAt: synced.length > 0 ? Math.max(...synced) : null,
        pendingCount,
        refusedCount,
        signInNeeded,
        pullRefused: states.find((s) => s.refused)?.refused ?? null,
      };
    }),
  );
}
