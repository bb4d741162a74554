/**
 * Creates a user's replica — the collections of DESIGN.md §4.7 — and the device's own small
 * database, on the storage given: IndexedDB (Dexie) in the browser, memory in Node tests. No
 * React here: tests and the replication code open them in plain Node.
 */
import {
  addRxPlugin,
  createRxDatabase,
  defaultHashSha256,
  getPreviousVersions,
  getPrimaryKeyOfInternalDocument,
  INTERNAL_CONTEXT_COLLECTION,
  removeCollectionStorages,
  type RxDatabase,
  type RxStorage,
} from 'rxdb';
import { RxDBCleanupPlugin } from 'rxdb/plugins/cleanup';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import type { ReplicaCollections, ReplicaDatabase } from '../../replication/replica';
import { replicaSchemas } from './schemas';

export interface ReplicaDatabaseOptions {
  // RxDB's storages differ in their internal types; any of them will do here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  storage: RxStorage<any, any>;
  /** One database per name and storage; tests use a fresh name each. */
  name?: string;
  /** True in the browser: tabs share the database, elect a leader and see each other's writes. */
  multiInstance?: boolean;
}

/** Deleted documents (tombstones of pulls, cleanup purges) are dropped from storage after a day. */
const TOMBSTONE_KEEP_MS = 24 * 60 * 60 * 1000;

let pluginsAdded = false;

function addPlugins(): void {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBCleanupPlugin);
}

/**
 * How each version of a collection's documents becomes the next (RxDB runs them on the device
 * when it opens a replica made by an older release). A collection absent here is at version 0.
 */
const MIGRATIONS = {
  // 1: the CreatedOn index was dropped; the documents stay as they are.
  // 2: permits hold their approvals and comments. Kept as they are, so an offline device still
  // shows them; the server answers the permits' next pull with resync (server/sync/scope.ts),
  // and the pull then drops them, but for those with a queued change, and pulls them again.
  // 3: permits hold their history; the same: kept as they are (the History tab says it is not
  // pulled yet), and the permits' changed fingerprint has the server resync them.
  permits: { 1: (doc: unknown) => doc, 2: (doc: unknown) => doc, 3: (doc: unknown) => doc },
  // 1: the type's enum was dropped (lists came in); the documents stay as they are.
  sitedata: { 1: (doc: unknown) => doc },
};

/**
 * Carries over what an older release stored at an earlier version of a collection (MIGRATIONS).
 * RxDB's migration plugin (~3 KB gzip) is loaded only when there is such a collection: a replica
 * already at the current versions, as on every start but the first after an upgrade, opens
 * without it (issue 13's first load). RxDB keeps a record per collection and version in the
 * database's internal store; an earlier version's record is what the plugin itself looks for.
 */
async function migrateOlderVersions(db: ReplicaDatabase): Promise<void> {
  const outdated = [];
  for (const collection of Object.values(db.collections)) {
    const earlier = getPreviousVersions(collection.schema.jsonSchema).map((version) =>
      getPrimaryKeyOfInternalDocument(`${collection.name}-${version}`, INTERNAL_CONTEXT_COLLECTION),
    );
    if (earlier.length > 0 && (await db.internalStore.findDocumentsById(earlier, false)).length > 0) outdated.push(collection);
  }
  if (outdated.length === 0) return;
  const { RxDBMigrationSchemaPlugin } = await import('rxdb/plugins/migration-schema');
  addRxPlugin(RxDBMigrationSchemaPlugin);
  for (const collection of outdated) await collection.migratePromise();
}

/**
 * Collections an earlier release kept and this one does not, each at the versions it had:
 * approvals (version 0) moved into the permits with their version 2.
 */
const RETIRED = ['approvals-0'];

/**
 * Removes what a retired collection left on the device — its documents and its replication's
 * state — when there is any. Not awaited: a replica opens as quickly without it, and another
 * tab doing the same meanwhile only makes this one fail, harmlessly.
 */
function removeRetired(db: ReplicaDatabase): void {
  const ids = RETIRED.map((nameAndVersion) => getPrimaryKeyOfInternalDocument(nameAndVersion, INTERNAL_CONTEXT_COLLECTION));
  void db.internalStore
    .findDocumentsById(ids, false)
    .then(async (found) => {
      for (const { data } of found) {
        await removeCollectionStorages(db.storage, db.internalStore, db.token, db.name, (data as { name: string }).name, db.multiInstance, db.password, db.hashFunction);
      }
    })
    .catch(() => undefined);
}

/** The database of the device itself, with no collections: only local documents (src/db/device.ts). */
export type DeviceCollections = Record<string, never>;
export type DeviceDatabase = RxDatabase<DeviceCollections>;

/**
 * The name of `email`'s replica. Hashed: a database name may hold neither '@' nor '.', and the
 * names of the device's databases (listed by any page of the origin) should not say who used it.
 */
export async function replicaName(email: string): Promise<string> {
  const hash = await defaultHashSha256(email.trim().toLowerCase());
  return `openpermit-user-${hash.slice(0, 32)}`;
}

/** Opens (or creates) the device's database. */
export function createDeviceDatabase(options: ReplicaDatabaseOptions): Promise<DeviceDatabase> {
  addPlugins();
  return createRxDatabase<DeviceCollections>({
    name: options.name ?? 'openpermit-device',
    storage: options.storage,
    multiInstance: options.multiInstance ?? false,
    localDocuments: true,
  });
}

/** Opens (or creates) a replica, migrating what an older release stored. */
export async function createReplicaDatabase(options: ReplicaDatabaseOptions): Promise<ReplicaDatabase> {
  addPlugins();
  const db = await createRxDatabase<ReplicaCollections>({
    name: options.name ?? 'openpermit',
    storage: options.storage,
    multiInstance: options.multiInstance ?? false,
    localDocuments: true,
    eventReduce: true,
    // Pull-only collections have nothing to push, so cleanup need not wait for "in sync".
    cleanupPolicy: { minimumDeletedTime: TOMBSTONE_KEEP_MS, awaitReplicationsInSync: false },
  });
  // No autoMigrate: it needs the migration plugin at hand; migrateOlderVersions loads it when needed.
  // Every collection of replicaSchemas, each with its migrations: the same options spelled out per collection cost the first load ~60 bytes (issue 13).
  const collections = Object.fromEntries(
    Object.entries(replicaSchemas).map(([name, schema]) => [name, { schema, migrationStrategies: MIGRATIONS[name as keyof typeof MIGRATIONS] ?? {}, autoMigrate: false }]),
  );
  await db.addCollections(collections as unknown as Parameters<typeof db.addCollections>[0]);
  await migrateOlderVersions(db);
  removeRetired(db);
  return db;
}
