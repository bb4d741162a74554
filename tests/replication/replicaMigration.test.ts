import { randomUUID } from 'node:crypto';
import { createRevision, createRxDatabase, getPrimaryKeyOfInternalDocument, INTERNAL_CONTEXT_COLLECTION, now } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalsOf } from '../../domain/permits/approvals';
import { appendToOutbox } from '../../replication/outbox';
import type { ReplicaDatabase } from '../../replication/replica';
import { createReplicaDatabase } from '../../src/db/database';
import { replicaSchemas } from '../../src/db/schemas';
import { buildPermit } from './factories';
import { waitFor } from './helpers';
// Dev-mode, as every replica of the tests.
import './replica';

describe('a replica stored by an earlier release', () => {
  let db: ReplicaDatabase | undefined;
  afterEach(async () => {
    await db?.remove();
  });

  it('opens with its permits carried over to the current schema (version 0 had a CreatedOn index)', async () => {
    const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
    const name = `old${randomUUID().replaceAll('-', '')}`;
    const old = await createRxDatabase({ name, storage });
    await old.addCollections({ permits: { schema: { ...replicaSchemas.permits, version: 0, indexes: [['State', 'CreatedOn'], ['CreatedOn']] } } });
    await old.permits!.bulkInsert([
      buildPermit({ PermitInstanceId: 'older', CreatedOn: '2026-05-01T08:00:00.000000Z' }),
      buildPermit({ PermitInstanceId: 'newer', CreatedOn: '2026-05-02T08:00:00.000000Z', State: 'PENDING' }),
    ]);
    await old.close();

    db = await createReplicaDatabase({ storage, name });
    const newestFirst = await db.permits.find({ sort: [{ CreatedOn: 'desc' }] }).exec();
    expect(newestFirst.map((doc) => doc.PermitInstanceId)).toEqual(['newer', 'older']);
    expect(await db.permits.count({ selector: { State: 'PENDING' } }).exec()).toBe(1);
  });

  it('opens a replica that held approvals apart (version 1): its permits and queued changes kept, the approvals’ storage gone', async () => {
    const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
    const name = `old${randomUUID().replaceAll('-', '')}`;
    const old = await createRxDatabase({ name, storage });
    const v1Properties: Record<string, unknown> = { ...replicaSchemas.permits.properties };
    for (const field of ['Approvals', 'ApprovalSummary', 'Comments']) delete v1Properties[field];
    const approvals = {
      version: 0, type: 'object', primaryKey: 'PermitInstanceId', required: ['PermitInstanceId'], indexes: [],
      properties: { PermitInstanceId: { type: 'string', maxLength: 40 }, Approvals: { type: 'array' }, DateChanged: { type: 'string' } },
    };
    await old.addCollections({
      permits: { schema: { ...replicaSchemas.permits, version: 1, properties: v1Properties } as typeof replicaSchemas.permits, migrationStrategies: { 1: (doc: unknown) => doc } },
      approvals: { schema: approvals },
      outbox: { schema: replicaSchemas.outbox },
    });
    await old.permits!.insert(buildPermit({ PermitInstanceId: 'held', State: 'PENDING' }));
    await old.approvals!.insert({ PermitInstanceId: 'held', Approvals: [], DateChanged: '2026-05-01T08:00:00.000000Z' });
    await appendToOutbox(old as unknown as ReplicaDatabase, 'issuer@demo.test', {
      method: 'POST', path: '/permitinstance/comment', label: 'Comment', effects: [{ collection: 'permits', key: 'held', kind: 'patch', fields: {} }],
    });
    await old.close();

    db = await createReplicaDatabase({ storage, name });
    const held = (await db.permits.findOne('held').exec())!.toMutableJSON();
    expect(held).toMatchObject({ PermitInstanceId: 'held', State: 'PENDING' });
    // Not pulled with its approvals yet: the screens say so rather than show none.
    expect(approvalsOf(held)).toBeNull();
    expect((await db.outbox.find().exec()).map((e) => e.path)).toEqual(['/permitinstance/comment']);
    await waitFor(async () => (await db!.internalStore.findDocumentsById([getPrimaryKeyOfInternalDocument('approvals-0', INTERNAL_CONTEXT_COLLECTION)], false)).length === 0);
  });

  it('opens a replica whose permits had no history (version 2): each kept with its approvals, its history unknown until pulled', async () => {
    const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
    const name = `old${randomUUID().replaceAll('-', '')}`;
    const old = await createRxDatabase({ name, storage });
    const v2Properties: Record<string, unknown> = { ...replicaSchemas.permits.properties };
    delete v2Properties.History;
    const migrationStrategies = { 1: (doc: unknown) => doc, 2: (doc: unknown) => doc };
    await old.addCollections({ permits: { schema: { ...replicaSchemas.permits, version: 2, properties: v2Properties } as typeof replicaSchemas.permits, migrationStrategies } });
    await old.permits!.insert({ ...buildPermit({ PermitInstanceId: 'held', State: 'PENDING' }), Comments: [] });
    await old.close();

    db = await createReplicaDatabase({ storage, name });
    const held = (await db.permits.findOne('held').exec())!.toMutableJSON();
    expect(held).toMatchObject({ PermitInstanceId: 'held', State: 'PENDING', Comments: [] });
    expect(held.History).toBeUndefined();
  });

  it('opens with its site data carried over (version 0 listed the kinds of site data; lists came in with version 1)', async () => {
    const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
    const name = `old${randomUUID().replaceAll('-', '')}`;
    const old = await createRxDatabase({ name, storage });
    const kinds = ['location', 'locationmetadata', 'printer', 'setting', 'preferences'];
    const v0 = { ...replicaSchemas.sitedata, version: 0, properties: { ...replicaSchemas.sitedata.properties, type: { type: 'string', enum: kinds, maxLength: 20 } } };
    await old.addCollections({ sitedata: { schema: v0 } });
    await old.sitedata!.insert({ id: 'setting:copyEnabled', type: 'setting', data: true, DateChanged: '2026-05-01T08:00:00.000000Z' });
    await old.close();

    db = await createReplicaDatabase({ storage, name });
    expect((await db.sitedata.findOne('setting:copyEnabled').exec())?.data).toBe(true);
    await db.sitedata.insert({ id: 'list:1:Companies', type: 'list', data: { SiteId: 1, FieldKey: 'Companies', ListItems: [] }, DateChanged: '2026-05-02T08:00:00.000000Z' });
    expect(await db.sitedata.count({ selector: { type: 'list' } }).exec()).toBe(1);
  });

  it('opens when it recorded its collections under another hash of the same schemas (an earlier build ordered their keys by the device’s locale)', async () => {
    const storage = wrappedValidateAjvStorage({ storage: getRxStorageMemory() });
    const name = `old${randomUUID().replaceAll('-', '')}`;
    const old = await createReplicaDatabase({ storage, name });
    await old.permits.insert(buildPermit({ PermitInstanceId: 'kept', State: 'PENDING' }));
    const key = getPrimaryKeyOfInternalDocument(`permits-${replicaSchemas.permits.version}`, INTERNAL_CONTEXT_COLLECTION);
    const [recorded] = await old.internalStore.findDocumentsById([key], false);
    const rehashed = { ...recorded!, data: { ...recorded!.data, schemaHash: 'a-hash-of-the-same-schema-in-another-key-order' }, _meta: { lwt: now() } };
    const written = await old.internalStore.bulkWrite([{ previous: recorded!, document: { ...rehashed, _rev: createRevision(old.token, recorded!) } }], 'test');
    expect(written.error).toEqual([]);
    await old.close();

    db = await createReplicaDatabase({ storage, name });
    expect((await db.permits.findOne('kept').exec())?.State).toBe('PENDING');
  });
});
