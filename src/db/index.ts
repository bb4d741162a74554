/**
 * The page's databases in the browser, IndexedDB through Dexie, shared by the tabs of the
 * origin: the device's own (who signed in last, src/db/device.ts) and one replica per user, so
 * the next person on a shared tablet never reads the previous one's data. Opened by plain
 * module code, never during React rendering (StrictMode renders twice and would open them twice).
 */
import type { RxStorage } from 'rxdb';
import { getDexieStorage } from './dexieStorage';
import type { ReplicaDatabase } from '../../replication/replica';
import { createDeviceDatabase, createReplicaDatabase, replicaName, type DeviceDatabase } from './database';

let device: Promise<DeviceDatabase> | null = null;

/** The device's database, opened once per page. */
export function getDeviceDatabase(): Promise<DeviceDatabase> {
  device ??= browserStorage()
    .then((storage) => createDeviceDatabase({ storage, name: 'openpermit-device', multiInstance: true }))
    .catch((error: unknown) => {
      device = null; // a later call may try again (storage blocked by a private window, say)
      throw error;
    });
  return device;
}

/**
 * Opens `email`'s replica. The caller keeps it and closes it before opening another user's
 * (src/db/localFirst.ts): RxDB's open-source edition allows 13 open collections per page, and
 * a replica has 10 (9 pulled and the outbox).
 */
export async function openReplica(email: string): Promise<ReplicaDatabase> {
  const [storage, name] = await Promise.all([browserStorage(), replicaName(email)]);
  return createReplicaDatabase({ storage, name, multiInstance: true });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let storage: Promise<RxStorage<any, any>> | null = null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function browserStorage(): Promise<RxStorage<any, any>> {
  storage ??= devModeStorage();
  return storage;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function devModeStorage(): Promise<RxStorage<any, any>> {
  const dexie = getDexieStorage();
  // Dev-mode checks schemas and documents, but it is slow and loads a tracking iframe: in
  // development only. Vite drops this branch, and the two imports, from the production build.
  if (!import.meta.env.DEV) return dexie;
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }, { addRxPlugin }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
    import('rxdb'),
  ]);
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
  return wrappedValidateAjvStorage({ storage: dexie });
}
