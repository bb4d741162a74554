/**
 * Connects the replicas to the session, in plain module code. Each user has a replica of their
 * own, and a page has one open at a time: the signed-in user's, or the device user's while
 * their session lapsed. While a user is signed in, this tab runs the sync engine for them (or
 * stands by, when another tab leads). The screens read the replica through their features' hooks,
 * whether or not this tab leads.
 */
import type { Abilities } from '../../domain/abilities';
import { createEventLog, type EventLog } from '../../replication/eventLog';
import type { ReplicaDatabase } from '../../replication/replica';
import { currentIdentity, sessionId, signOut, subscribe, subscribeSignIns, type Identity } from '../../replication/session';
import { startSync, type SyncEngine } from '../../replication/sync';
import { signInCompleted } from '../../replication/syncState';
import type { UserProfile } from '../../schemas';
import { ensurePersistentStorage, lastSignedInUser, markSignedOut, rememberSignedInUser } from './device';
import { getDeviceDatabase, openReplica } from './index';

let connected = false;
/** The replica this page has open (or is opening), and whose it is. */
let replica: { owner: string; opening: Promise<ReplicaDatabase> } | null = null;
/** The sync engine of the replica's owner, once this tab has started it. */
let engine: { owner: string; sync: SyncEngine } | null = null;
/** Replicas open and close one after another: a page never holds two (RxDB's collection limit). */
let switching: Promise<unknown> = Promise.resolve();
/** Identity changes are handled one after another, so two engines never run at once. */
let queue: Promise<void> = Promise.resolve();

/**
 * `owner`'s replica, opened once per page. Another user's replica, open until now, is closed
 * first, its engine stopped: the next user's screens never read it, and what it holds (their
 * queued changes too) waits in it for their next sign-in on this device.
 */
export function replicaOf(owner: string): Promise<ReplicaDatabase> {
  if (replica?.owner === owner) return replica.opening;
  const previous = replica;
  const opening = switching.then(async () => {
    await close(previous);
    return openReplica(owner);
  });
  switching = opening.catch(() => undefined);
  replica = { owner, opening };
  // A later call may try again (storage blocked by a private window, say).
  opening.catch(() => {
    if (replica?.opening === opening) replica = null;
  });
  return opening;
}

/** Closes the open replica, if any, and stops its engine. */
function closeReplica(): Promise<void> {
  const previous = replica;
  replica = null;
  const closing = switching.then(() => close(previous));
  switching = closing.catch(() => undefined);
  return closing;
}

async function close(previous: typeof replica): Promise<void> {
  if (!previous) return;
  if (engine?.owner === previous.owner) {
    const stopping = engine.sync;
    engine = null;
    await stopping.stop();
  }
  const db = await previous.opening.catch(() => null);
  await db?.close();
}

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
 * A session that lapsed leaves the engine as it is: queued changes wait for this user's next
 * sign-in (the sync pauses on the first 401). The same user signing in again resumes it;
 * another user gets their own replica and engine. A sign-out on purpose, in any tab, closes
 * the replica here too.
 */
async function onIdentity(identity: Identity | null, log: EventLog): Promise<void> {
  if (!identity) {
    if ((await lastSignedInUser(await getDeviceDatabase()))?.signedOut) await closeReplica();
    return;
  }
  const db = await replicaOf(identity.email);
  if (replica?.owner !== identity.email) return; // someone else signed in meanwhile
  if (engine?.owner !== identity.email) {
    engine = { owner: identity.email, sync: startSync({ db, owner: identity.email, log, after: pageIdle() }) };
    getDeviceDatabase().then((device) => ensurePersistentStorage(device)).catch(() => undefined);
  }
  await signInCompleted(db);
}

/**
 * The page's next idle moment, 1 s at most. The engine starts then: setting up its replications
 * is main-thread work, and offline on a slow tablet it would push the first screen's counts
 * back by a tenth of a second (issue 13's cold start). Safari has no idle callback.
 */
function pageIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/** Keeps who signed in and what they may do on the device, for opening offline after the token expires. */
export async function rememberOnDevice(identity: Identity, profile: UserProfile, abilities: Abilities): Promise<void> {
  await rememberSignedInUser(await getDeviceDatabase(), { kind: identity.kind, email: identity.email, profile, abilities });
}

/**
 * Signs out on purpose: unlike a lapsed session, the device then no longer opens as this user,
 * and their replica is closed. Their queued changes stay in it, and are sent after their next
 * sign-in on this device.
 */
export async function endSession(): Promise<void> {
  // Best effort: without storage (blocked) there is no device session to end.
  await getDeviceDatabase().then(markSignedOut, () => undefined);
  await closeReplica().catch(() => undefined);
  await signOut();
}
