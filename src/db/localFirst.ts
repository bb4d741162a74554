/**
 * Connects the replica to the session, in plain module code: while a user is signed in, this
 * tab runs the sync engine for them (or stands by, when another tab leads). The screens read
 * the replica through their features' hooks, whether or not this tab leads.
 */
import type { Abilities } from '../../domain/abilities';
import { createEventLog, type EventLog } from '../../replication/eventLog';
import { currentIdentity, sessionId, signOut, subscribe, subscribeSignIns, type Identity } from '../../replication/session';
import { startSync, type SyncEngine } from '../../replication/sync';
import { signInCompleted } from '../../replication/syncState';
import type { UserProfile } from '../../schemas';
import { ensurePersistentStorage, markSignedOut, rememberSignedInUser } from './device';
import { getDatabase } from './index';

let connected = false;
let engine: { owner: string; sync: SyncEngine } | null = null;
/** Identity changes are handled one after another, so two engines never run at once. */
let queue: Promise<void> = Promise.resolve();

/** Follows the session from now on; later calls do nothing (React StrictMode runs effects twice). */
export function connectReplica(version: string): void {
  if (connected) return;
  connected = true;
  const log = createEventLog({ sessionId: sessionId(), version });
  const follow = () => {
    const identity = currentIdentity();
    queue = queue.then(() => onIdentity(identity, log)).catch((error: unknown) => {
      log.log('error', 'The local replica could not start.', { error: error instanceof Error ? error.message : String(error) });
    });
  };
  subscribe(follow);
  // The same user signing in again changes no identity, yet their queue may be waiting for it.
  subscribeSignIns(follow);
  follow();
}

/**
 * A signed-out session leaves the engine as it is: queued changes wait for this user's next
 * sign-in (the sync pauses on the first 401). The same user signing in again resumes it;
 * another user gets an engine of their own, and their entries only are sent.
 */
async function onIdentity(identity: Identity | null, log: EventLog): Promise<void> {
  if (!identity) return;
  const db = await getDatabase();
  if (engine?.owner !== identity.email) {
    await engine?.sync.stop();
    engine = { owner: identity.email, sync: startSync({ db, owner: identity.email, log }) };
    void ensurePersistentStorage(db);
  }
  await signInCompleted(db);
}

/** Keeps who signed in and what they may do on the device, for opening offline after the token expires. */
export async function rememberOnDevice(identity: Identity, profile: UserProfile, abilities: Abilities): Promise<void> {
  await rememberSignedInUser(await getDatabase(), { kind: identity.kind, email: identity.email, profile, abilities });
}

/**
 * Signs out on purpose: unlike a lapsed session, the device then no longer opens as this user.
 * Their queued changes stay, and are sent after their next sign-in.
 */
export async function endSession(): Promise<void> {
  // Best effort: without a replica (storage blocked) there is no device session to end.
  await getDatabase().then(markSignedOut, () => undefined);
  await signOut();
}
