import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { applyJsonToDoc, docToJson, fromBase64, genesisDoc, toBase64 } from '../../domain/permits/yContent';
import { batchBody, batchFrom, planBatches } from '../../replication/outboxBatch';
import type { OutboxEntry } from '../../schemas';

const A = '3f1c2a9e-8d4b-4c2e-9a61-0b7d5e4f1a21';
const B = '7a2d9c41-5e3f-4b8a-8c17-2e9f6d3b0c54';
let seq = 0;
function entry(path: string, body: unknown, method: OutboxEntry['method'] = 'PATCH', effectKey = ''): OutboxEntry {
  seq += 1;
  return {
    id: `e${seq}`, owner: 'o', seq, method, path, body, label: 'Edit', createdAt: '2026-05-01T08:00:00.000Z', status: 'pending',
    attempts: 0, lastError: null, nextAttemptAt: 0, doneAt: null, effects: effectKey ? [{ collection: 'permits', key: effectKey, kind: 'patch', fields: {} }] : [],
  };
}

/** Edits of one permit as the form makes them: each the update since the last one sent. */
function edits(permitId: string, doc: Y.Doc, values: Record<string, unknown>[]): OutboxEntry[] {
  return values.map((value) => {
    const before = Y.encodeStateVector(doc);
    applyJsonToDoc(doc, { ...docToJson(doc), hotWork: { ...(docToJson(doc).hotWork as object), ...value } });
    return entry(`/permitcontent?PermitInstanceId=${permitId}`, { update: toBase64(Y.encodeStateAsUpdate(doc, before)) });
  });
}

describe('merging queued content edits', () => {
  it('merges the edits of one permit into one update that brings every one of them', async () => {
    const base = genesisDoc({ hotWork: { job: 'Weld' } });
    const [a1, a2, a3] = edits(A, base, [{ gas: 1 }, { tester: 'Kim' }, { gas: 2 }]);
    const [b1] = edits(B, genesisDoc({}), [{ job: 'Grind' }]);
    const batch = batchFrom(a1!, [b1!, a2!, a3!]);
    expect(batch.entries.map((e) => e.id)).toEqual([a1!.id, a2!.id, a3!.id]);
    expect(batch.key).toBe(`${a1!.id}.${a3!.id}`);
    const server = genesisDoc({ hotWork: { job: 'Weld' } });
    Y.applyUpdate(server, fromBase64(((await batchBody(batch)) as { update: string }).update));
    expect(docToJson(server)).toEqual({ hotWork: { job: 'Weld', gas: 2, tester: 'Kim' } });
  });

  it('stops at anything else that concerns the permit, and sends anything but a content update alone', () => {
    const doc = genesisDoc({ hotWork: {} });
    const [a1, a2] = edits(A, doc, [{ gas: 1 }, { gas: 2 }]);
    const submit = entry('/permitinstance', { PermitInstanceId: A, Action: 'Submit' }, 'PUT', A);
    const otherSubmit = entry('/permitinstance', { PermitInstanceId: B, Action: 'Submit' }, 'PUT', B);
    expect(batchFrom(a1!, [otherSubmit, submit, a2!]).entries).toEqual([a1]);
    expect(batchFrom(a1!, [otherSubmit, a2!]).entries).toEqual([a1, a2]);
    expect(batchFrom(submit, [a1!, a2!])).toEqual({ entries: [submit], body: submit.body, key: submit.id });
    const ops = entry(`/permitcontent?PermitInstanceId=${A}`, { ops: [{ op: 'add', path: '/hotWork/x', value: 1 }] });
    expect(batchFrom(ops, [a1!]).entries).toEqual([ops]);
    expect(batchFrom(a1!, [ops, a2!]).entries).toEqual([a1]);
  });

  it('plans the whole queue: each entry in exactly one request, in the order of their first entries', () => {
    const [a1, a2, a3] = edits(A, genesisDoc({ hotWork: {} }), [{ gas: 1 }, { gas: 2 }, { gas: 3 }]);
    const [b1, b2] = edits(B, genesisDoc({ hotWork: {} }), [{ job: 'Grind' }, { job: 'Cut' }]);
    const submitA = entry('/permitinstance', { PermitInstanceId: A, Action: 'Submit' }, 'PUT', A);
    const queue = [a1!, b1!, a2!, submitA, a3!, b2!];
    const ids = (batches: ReturnType<typeof planBatches>) => batches.map((b) => b.entries.map((e) => e.id));
    expect(ids(planBatches(queue))).toEqual([[a1!.id, a2!.id], [b1!.id, b2!.id], [submitA.id], [a3!.id]]);
  });
});
