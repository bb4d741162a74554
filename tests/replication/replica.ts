/**
 * Replicas for tests: the real database on RxDB's memory storage, in dev-mode with schema
 * validation, so a document that would not fit the schema fails here as it would in development.
 */
import { randomUUID } from 'node:crypto';
import { addRxPlugin } from 'rxdb';
import { disableWarnings, RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import type { ReplicaDatabase } from '../../replication/replica';
import { createDeviceDatabase, createReplicaDatabase, type DeviceDatabase } from '../../src/db/database';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);

/** A fresh, empty replica; `remove()` it after the test (RxDB allows 13 open collections per process). */
export function openTestReplica(): Promise<ReplicaDatabase> {
  return createReplicaDatabase({
    storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
    name: `test${randomUUID().replaceAll('-', '')}`,
  });
}

/** A fresh, empty device database (who signed in last, storage persistence); `remove()` it after the test. */
export function openTestDevice(): Promise<DeviceDatabase> {
  return createDeviceDatabase({ storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }), name: `device${randomUUID().replaceAll('-', '')}` });
}
