/**
 * Sync state kept in local documents, so every tab sees what the leader tab is doing and any
 * tab can ask it for something (DESIGN.md §4 pitfalls: never wait on "in sync" — it never
 * resolves offline or in a tab that is not the leader).
 */
import { filter, firstValueFrom, fromEvent, map, merge, type Observable } from 'rxjs';
import type { PulledCollection } from '../schemas';
import { LOCAL_DOCS, local$, readLocal, type ReplicaDatabase } from './replica';

/** One collection's pull, as the status shows it. */
export interface CollectionSyncState {
  /** True once a pull from scratch has reached the end; false again after a resync. */
  firstSyncDone: boolean;
  /** Documents received since the pull from scratch started, and how many the server counted. */
  pulled: number;
  expected: number;
  /** When the request that last reached the end of the collection was sent (epoch ms). */
  lastSyncedAt: number | null;
  /** The server refused the pull (a 4xx other than 401): its sentence; the pull waits for the user to retry. */
  refused?: string | null;
}

export const NOT_SYNCED: CollectionSyncState = { firstSyncDone: false, pulled: 0, expected: 0, lastSyncedAt: null };

interface AuthState {
  signInNeeded: boolean;
}

export async function readCollectionState(db: ReplicaDatabase, collection: PulledCollection): Promise<CollectionSyncState> {
  return (await readLocal<CollectionSyncState>(db, LOCAL_DOCS.collectionState(collection))) ?? NOT_SYNCED;
}

/** One collection's sync state as it changes, in any tab. */
export const collectionState$ = (db: ReplicaDatabase, collection: PulledCollection): Observable<CollectionSyncState> =>
  local$<CollectionSyncState>(db, LOCAL_DOCS.collectionState(collection)).pipe(map((state) => state ?? NOT_SYNCED));

export async function writeCollectionState(db: ReplicaDatabase, collection: PulledCollection, state: CollectionSyncState): Promise<void> {
  await db.upsertLocal<CollectionSyncState>(LOCAL_DOCS.collectionState(collection), state);
}

/** The server answered 401 after a token renewal: stop sending until the user signs in again. */
export async function markSignInNeeded(db: ReplicaDatabase): Promise<void> {
  if ((await readLocal<AuthState>(db, LOCAL_DOCS.auth))?.signInNeeded) return;
  await db.upsertLocal<AuthState>(LOCAL_DOCS.auth, { signInNeeded: true });
}

/** The user has signed in again (any tab): the queue and the pulls resume where they stopped. */
export async function signInCompleted(db: ReplicaDatabase): Promise<void> {
  // Called on every start as the session is restored: with nothing to clear, no write, so an
  // offline cold start does not wake every local-document subscriber before the first screen.
  if (!(await readLocal<AuthState>(db, LOCAL_DOCS.auth))?.signInNeeded) return;
  await db.upsertLocal<AuthState>(LOCAL_DOCS.auth, { signInNeeded: false });
}

export const signInNeeded$ = (db: ReplicaDatabase) => local$<AuthState>(db, LOCAL_DOCS.auth).pipe(map((auth) => auth?.signInNeeded ?? false));

/** Resolves once no sign-in is needed (at once, usually), or when `signal` aborts. */
export async function untilSignedIn(db: ReplicaDatabase, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  await firstValueFrom(merge(signInNeeded$(db).pipe(filter((needed) => !needed)), fromEvent(signal, 'abort')));
}

/**
 * The live change stream as the leader tab last saw it: open (changes arrive within a second), or
 * closed since `at` (null: not open since this run started; what the replica holds is then as of
 * its last pull). A wall display tells from it that it cannot reach the server.
 */
export interface StreamState {
  connected: boolean;
  at: number | null;
}

export const streamState$ = (db: ReplicaDatabase): Observable<StreamState> =>
  local$<StreamState>(db, LOCAL_DOCS.stream).pipe(map((state) => state ?? { connected: false, at: null }));

export async function writeStreamState(db: ReplicaDatabase, state: StreamState): Promise<void> {
  await db.upsertLocal<StreamState>(LOCAL_DOCS.stream, state);
}

/** A new run starts with no stream: one left open by the last run (the tab closed) is closed since then, when unknown. */
export async function resetStreamState(db: ReplicaDatabase): Promise<void> {
  // Nothing to write on most starts: an offline cold start wakes no local-document subscriber for it.
  if ((await readLocal<StreamState>(db, LOCAL_DOCS.stream))?.connected) await writeStreamState(db, { connected: false, at: null });
}

/** Asks the leader tab to pull everything now and retry the queue without waiting (the header's refresh button). */
export async function forcePull(db: ReplicaDatabase, now = Date.now()): Promise<void> {
  await db.upsertLocal(LOCAL_DOCS.pullRequest, { at: now });
}

/** Each forcePull after subscribing, from any tab. */
export const pullRequests$ = (db: ReplicaDatabase) =>
  local$<{ at: number }>(db, LOCAL_DOCS.pullRequest).pipe(
    map((request) => request?.at ?? 0),
    filter((at, index) => index > 0 && at > 0),
  );
