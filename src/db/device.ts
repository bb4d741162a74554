/**
 * What the device remembers outside the users' replicas, in a database of its own: who signed in
 * last and what they may do, so the app opens offline after their token expired (writes queue,
 * sync waits for sign-in) and knows whose replica to open; and whether the browser agreed to
 * keep the device's data from eviction (asked once per origin, whoever signed in).
 */
import type { DeepReadonly } from 'rxdb';
import type { Observable } from 'rxjs';
import type { Abilities } from '../../domain/abilities';
import { local$, readLocal } from '../../replication/replica';
import type { SignInKind } from '../../replication/session';
import type { UserProfile } from '../../schemas';
import type { DeviceCollections, DeviceDatabase } from './database';

const DEVICE_USER = 'device-user';
const STORAGE_PERSISTENCE = 'storage-persistence';

export interface DeviceUser {
  kind: SignInKind;
  email: string;
  profile: UserProfile;
  /** Abilities at the home location (SPEC §6), as computed when they last signed in. */
  abilities: Abilities;
  savedAt: string;
  /**
   * They signed out on purpose: the next visitor must sign in, whoever they are. Without it, a
   * session that merely lapsed (token expired offline) lets them go on working from the device.
   */
  signedOut?: boolean;
}

export async function rememberSignedInUser(db: DeviceDatabase, user: Omit<DeviceUser, 'savedAt'>, now = new Date()): Promise<void> {
  const stored = await lastSignedInUser(db);
  // Nothing new: no write, so the tabs that follow the device user are not woken for nothing.
  if (stored && !stored.signedOut && JSON.stringify(remembered(stored)) === JSON.stringify(remembered(user))) return;
  await db.upsertLocal<DeviceUser>(DEVICE_USER, { ...user, savedAt: now.toISOString() });
}

const remembered = ({ kind, email, profile, abilities }: DeepReadonly<Omit<DeviceUser, 'savedAt'>>) => ({ kind, email, profile, abilities });

/** The last user who signed in on this device, or null on a new device. */
export const lastSignedInUser = (db: DeviceDatabase): Promise<DeepReadonly<DeviceUser> | null> => readLocal<DeviceUser, DeviceCollections>(db, DEVICE_USER);

/** lastSignedInUser as it changes, in every tab (a sign-out in one tab ends the others' device sessions). */
export const deviceUser$ = (db: DeviceDatabase): Observable<DeepReadonly<DeviceUser> | null> => local$<DeviceUser, DeviceCollections>(db, DEVICE_USER);

/** Remembers that the user signed out on purpose; their next sign-in clears it (rememberSignedInUser). */
export async function markSignedOut(db: DeviceDatabase): Promise<void> {
  const user = await lastSignedInUser(db);
  if (user && !user.signedOut) await db.upsertLocal<DeviceUser>(DEVICE_USER, { ...(user as DeviceUser), signedOut: true });
}

/** The browser's answer to navigator.storage.persist(), for the Preferences page. */
export interface StoragePersistence {
  persisted: boolean;
  /** When the browser first gave this answer. */
  checkedAt: string;
}

/**
 * Asks the browser to keep the device's data (replicas and all) from eviction (Safari drops unpersisted storage after 7
 * days unused, DESIGN.md §4 pitfalls). Asked once per device — Firefox asks the user, and
 * asking again on every start would nag; later starts only check whether it has been granted
 * since. Null where the browser has no storage manager.
 */
export async function ensurePersistentStorage(
  db: DeviceDatabase,
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
  now = new Date(),
): Promise<StoragePersistence | null> {
  if (!storage) return null;
  const stored = await readLocal<StoragePersistence, DeviceCollections>(db, STORAGE_PERSISTENCE);
  let persisted = await storage.persisted();
  if (!persisted && stored === null) persisted = await storage.persist();
  // The same answer as before: no write, so a start does not write to the device's database and
  // wake its subscribers while the first screen is being prepared (issue 13's cold start).
  if (stored?.persisted === persisted) return { persisted, checkedAt: stored.checkedAt };
  const result = { persisted, checkedAt: now.toISOString() };
  await db.upsertLocal<StoragePersistence>(STORAGE_PERSISTENCE, result);
  return result;
}

export const storagePersistence$ = (db: DeviceDatabase): Observable<DeepReadonly<StoragePersistence> | null> =>
  local$<StoragePersistence, DeviceCollections>(db, STORAGE_PERSISTENCE);
