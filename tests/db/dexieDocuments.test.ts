import { describe, expect, it } from 'vitest';
import { fromDexieToStorage } from 'rxdb/plugins/storage-dexie';
import { fromDexie, toDexie } from '../../src/db/dexieDocuments';

/** A permit as IndexedDB holds it: nested content, arrays of objects, an indexed boolean as '1'. */
const stored = () => ({
  PermitInstanceId: 'p1',
  State: 'APPROVED',
  ContentJSON: { hotWork: { gasTests: [{ O2: '20.9', tester: { name: 'Tom' } }, null], notes: 'ok' } },
  Approvals: [{ IsApproved: true, ApprovalOrder: 1 }],
  _deleted: '0',
  _meta: { lwt: 1 },
});

describe('fromDexie', () => {
  it('reads a document as RxDB’s Dexie storage does, copying only its top level', () => {
    const doc = stored();
    const read = fromDexie(['_deleted'], doc);
    expect(read).toEqual(fromDexieToStorage(['_deleted'], stored()));
    expect(read._deleted).toBe(false);
    expect(fromDexie(['_deleted'], { ...stored(), _deleted: '1' })._deleted).toBe(true);
    expect(doc._deleted).toBe('0');
    expect(read.ContentJSON).toBe(doc.ContentJSON);
  });

  it('leaves a document with a key RxDB renames, at any depth, to RxDB', () => {
    const doc = { ...stored(), ContentJSON: { hotWork: { gasTests: [{ __pipe: 'x' }] } } };
    const read = fromDexie(['_deleted'], doc);
    expect(read).toEqual(fromDexieToStorage(['_deleted'], { ...stored(), ContentJSON: { hotWork: { gasTests: [{ __pipe: 'x' }] } } }));
    expect(read.ContentJSON).toEqual({ hotWork: { gasTests: [{ '|pipe': 'x' }] } });
  });

  it('leaves nested boolean indexes to RxDB', () => {
    const doc = { ...stored(), flags: { done: '1' } };
    expect(fromDexie(['_deleted', 'flags.done'], doc)).toEqual(fromDexieToStorage(['_deleted', 'flags.done'], { ...stored(), flags: { done: '1' } }));
  });

  it('stores indexed booleans as IndexedDB can index them, and reads them back', () => {
    const doc = { ...stored(), _deleted: false };
    const kept = toDexie(['_deleted'], doc);
    expect(kept._deleted).toBe('0');
    expect(doc._deleted).toBe(false);
    expect(fromDexie(['_deleted'], kept)).toEqual(doc);
  });
});
