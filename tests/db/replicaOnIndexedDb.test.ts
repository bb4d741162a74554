/**
 * The replica on the Dexie storage the app runs in the browser (src/db/dexieStorage.ts), over an
 * IndexedDB in memory, without RxDB's dev-mode (which would write with RxDB's own code): new
 * documents are added without a read, stored ones still meet RxDB's conflict check, and
 * overlapping writes — a pull stores a page while the one before commits — land in order.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pullHandler } from '../../replication/pull';
import type { ReplicaDatabase } from '../../replication/replica';
import type { Checkpoint, SyncPage } from '../../schemas';
import { createReplicaDatabase } from '../../src/db/database';
import { getDexieStorage } from '../../src/db/dexieStorage';
import { buildPermit } from '../replication/factories';
import { json, recordingFetch, testClient } from '../replication/helpers';

const permit = (id: string, State = 'APPROVED') => buildPermit({ PermitInstanceId: id, State });
const states = async (db: ReplicaDatabase) => Object.fromEntries((await db.permits.find().exec()).map((doc) => [doc.PermitInstanceId, doc.State]));

describe('the replica’s writes on IndexedDB', () => {
  let db: ReplicaDatabase;

  beforeEach(async () => {
    db = await createReplicaDatabase({ storage: getDexieStorage(), name: `replica${randomUUID().replaceAll('-', '')}` });
  });
  afterEach(async () => {
    await db.remove();
  });

  it('stores a page of new documents, readable by key and by index', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `p-${String(i).padStart(3, '0')}`);
    const result = await db.permits.bulkInsert(ids.map((id, i) => permit(id, i % 3 === 0 ? 'PENDING' : 'APPROVED')));
    expect(result.error).toEqual([]);
    expect(await db.permits.count().exec()).toBe(300);
    expect(await db.permits.count({ selector: { State: 'PENDING' } }).exec()).toBe(100);
    expect((await db.permits.findOne('p-150').exec())?.toJSON()).toMatchObject({ PermitInstanceId: 'p-150', LocationId: 111 });
  });

  it('refuses an insert over a stored document with a conflict and stores the rest of the write', async () => {
    await db.permits.insert(permit('held', 'PENDING'));
    const result = await db.permits.bulkInsert([permit('new-1'), permit('held', 'CLOSED'), permit('new-2')]);
    expect(result.error).toHaveLength(1);
    expect(result.error[0]).toMatchObject({ status: 409, documentId: 'held', documentInDb: { State: 'PENDING' } });
    expect(await states(db)).toEqual({ held: 'PENDING', 'new-1': 'APPROVED', 'new-2': 'APPROVED' });
  });

  it('upserts a page of stored and new documents, as a catch-up pull does', async () => {
    await db.permits.bulkInsert([permit('a', 'PENDING'), permit('b', 'PENDING')]);
    const result = await db.permits.bulkUpsert([permit('a', 'APPROVED'), permit('c', 'DRAFT'), permit('b', 'REJECTED')]);
    expect(result.error).toEqual([]);
    expect(await states(db)).toEqual({ a: 'APPROVED', b: 'REJECTED', c: 'DRAFT' });
  });

  it('lands overlapping writes of one document in the order they were made', async () => {
    await Promise.all([
      db.permits.bulkUpsert([permit('x', 'PENDING'), permit('y', 'PENDING')]),
      db.permits.bulkUpsert([permit('x', 'APPROVED')]),
      db.permits.bulkUpsert([permit('x', 'CLOSED'), permit('y', 'REJECTED')]),
    ]);
    expect(await states(db)).toEqual({ x: 'CLOSED', y: 'REJECTED' });
  });

  it('stores the pages of one pull in order: a document a page brings, the next changes, and one that page brings, the page after deletes', async () => {
    const at = (n: number) => `2026-05-03T08:00:00.00000${n}Z`;
    const checkpoint = (n: number, id: string): Checkpoint => ({ DateChanged: at(n), id, scope: 'scope-1' });
    const live = (id: string, State: string, n: number) => ({ ...buildPermit({ PermitInstanceId: id, State, DateChanged: at(n) }), _deleted: false });
    const pages: SyncPage[] = [
      { documents: [live('x', 'PENDING', 1)], checkpoint: checkpoint(1, 'x'), remaining: 4, resync: false },
      { documents: [live('x', 'APPROVED', 2), live('y', 'PENDING', 2)], checkpoint: checkpoint(2, 'y'), remaining: 2, resync: false },
      { documents: [{ PermitInstanceId: 'y', DateChanged: at(3), _deleted: true }], checkpoint: checkpoint(3, 'y'), remaining: 1, resync: false },
      { documents: [live('z', 'APPROVED', 4)], checkpoint: checkpoint(4, 'z'), remaining: 0, resync: false },
    ];
    const server = recordingFetch(() => json(200, pages.shift()));
    const pull = pullHandler({ db, http: testClient(server.fetch), signal: new AbortController().signal, now: Date.now }, 'permits', async () => 'pull-under-test');
    const result = await pull(undefined, 2);
    expect(await states(db)).toEqual({ x: 'APPROVED', z: 'APPROVED' });
    expect(result).toMatchObject({ checkpoint: checkpoint(4, 'z'), documents: [expect.objectContaining({ PermitInstanceId: 'z' })] });
  });

  it('removes a stored document and inserts it again', async () => {
    await db.permits.insert(permit('gone'));
    await db.permits.bulkRemove(['gone']);
    expect(await db.permits.count().exec()).toBe(0);
    await db.permits.upsert(permit('gone', 'DRAFT'));
    expect(await states(db)).toEqual({ gone: 'DRAFT' });
  });
});
