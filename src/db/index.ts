/**
 * The page's replica in the browser: IndexedDB through Dexie, shared by the tabs of the origin.
 * Created on first use by plain module code, never during React rendering (StrictMode renders
 * twice and would open it twice).
 */
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { ReplicaDatabase } from '../../replication/replica';
import { createReplicaDatabase } from './database';

let opening: Promise<ReplicaDatabase> | null = null;

/** The replica, opened once per page. */
export function getDatabase(): Promise<ReplicaDatabase> {
  opening ??= openInBrowser().catch((error: unknown) => {
    opening = null; // a later call may try again (storage blocked by a private window, say)
    throw error;
  });
  return opening;
}

async function openInBrowser(): Promise<ReplicaDatabase> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let storage: RxStorage<any, any> = getRxStorageDexie();
  // Dev-mode checks schemas and documents, but it is slow and loads a tracking iframe: in
  // development only. Vite drops this branch, and the two imports, from the production build.
  if (import.meta.env.DEV) {
    const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }, { addRxPlugin }] = await Promise.all([
      import('rxdb/plugins/dev-mode'),
      import('rxdb/plugins/validate-ajv'),
      import('rxdb'),
    ]);
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    storage = wrappedValidateAjvStorage({ storage });
  }
  return createReplicaDatabase({ storage, name: 'openpermit', multiInstance: true });
}
