import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, applyPatchToDoc, PatchError } from '../../domain/permits/jsonPatch';
import { applyJsonToDoc, changedFields, contentRoot, docFromState, docToJson, fromBase64, genesisDoc, toBase64, type ContentJson } from '../../domain/permits/yContent';

const BASE: ContentJson = {
  HotWork: {
    jobDescription: 'Weld support',
    hazards: { hot_surfaces: true, working_at_height: false },
    gasTests: [{ time: '07:00', O2: 20.9, LEL: 0, H2S: 0, CO: 2, tester: 'Grace' }],
    numberOfWorkers: 3,
    tags: ['a', 'b'],
  },
};

/** A replica of the permit: its own document from the shared state, and the updates it made, as the outbox would send them. */
function replica(state: Uint8Array) {
  const doc = docFromState(state, {});
  const sent: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') sent.push(update);
  });
  const edit = (change: (content: ContentJson) => void) => {
    const json = docToJson(doc);
    change(json);
    applyJsonToDoc(doc, json);
  };
  const receive = (updates: Uint8Array[]) => updates.forEach((u) => Y.applyUpdate(doc, u, 'remote'));
  return { doc, sent, edit, receive, json: () => docToJson(doc) };
}

const form = (json: ContentJson) => json.HotWork as Record<string, unknown> & { gasTests: Record<string, unknown>[] };

describe('the Yjs layout of permit content', () => {
  it('round-trips JSON, with grids as Y.Array of Y.Map and objects as Y.Map', () => {
    const doc = genesisDoc(BASE);
    expect(docToJson(doc)).toEqual(BASE);
    const hotWork = contentRoot(doc).get('HotWork') as Y.Map<unknown>;
    expect(hotWork.get('gasTests')).toBeInstanceOf(Y.Array);
    expect((hotWork.get('gasTests') as Y.Array<unknown>).get(0)).toBeInstanceOf(Y.Map);
    expect(hotWork.get('hazards')).toBeInstanceOf(Y.Map);
    expect(hotWork.get('tags')).toEqual(['a', 'b']);
  });

  it('builds the same genesis on every replica, so two starts from one ContentJSON do not double a grid', () => {
    const a = genesisDoc(BASE);
    const b = genesisDoc(BASE);
    expect(a.clientID).not.toBe(b.clientID);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(docToJson(a)).toEqual(BASE);
  });

  it('changes only what differs: an unchanged document makes no update', () => {
    const doc = genesisDoc(BASE);
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    applyJsonToDoc(doc, structuredClone(BASE));
    expect(updates).toHaveLength(0);
    applyJsonToDoc(doc, { HotWork: { ...form(BASE), numberOfWorkers: 4 } });
    expect(updates).toHaveLength(1);
  });

  it('lists changed fields as SubForm.key', () => {
    const after = structuredClone(BASE);
    form(after).gasTests.push({ time: '09:00' });
    form(after).jobDescription = 'Weld bracket';
    after.ColdWork = { toolsAndEquipment: 'Spanner' };
    expect(changedFields(BASE, after)).toEqual(['ColdWork.toolsAndEquipment', 'HotWork.gasTests', 'HotWork.jobDescription']);
    expect(changedFields(BASE, structuredClone(BASE))).toEqual([]);
  });

  it('travels as base64', () => {
    const state = Y.encodeStateAsUpdate(genesisDoc(BASE));
    expect(fromBase64(toBase64(state))).toEqual(state);
  });
});

describe('JSON Patch over the document', () => {
  it('applies RFC 6902 operations, appending grid rows as inserts', () => {
    const doc = genesisDoc(BASE);
    applyPatchToDoc(doc, [
      { op: 'replace', path: '/HotWork/jobDescription', value: 'Weld bracket' },
      { op: 'add', path: '/HotWork/gasTests/-', value: { time: '09:00', O2: 20.8 } },
      { op: 'remove', path: '/HotWork/tags' },
      { op: 'test', path: '/HotWork/numberOfWorkers', value: 3 },
      { op: 'copy', from: '/HotWork/numberOfWorkers', path: '/HotWork/crew' },
      { op: 'move', from: '/HotWork/crew', path: '/HotWork/crewSize' },
    ]);
    const json = form(docToJson(doc));
    expect(json).toMatchObject({ jobDescription: 'Weld bracket', numberOfWorkers: 3, crewSize: 3 });
    expect(json.gasTests.map((r) => r.time)).toEqual(['07:00', '09:00']);
    expect(json.tags).toBeUndefined();
  });

  it('refuses a patch that does not apply, naming the path, and leaves the content as it was', () => {
    expect(() => applyJsonPatch(BASE, [{ op: 'replace', path: '/HotWork/nothing', value: 1 }])).toThrow(new PatchError('The path "/HotWork/nothing" does not exist in the permit content.'));
    expect(() => applyJsonPatch(BASE, [{ op: 'test', path: '/HotWork/numberOfWorkers', value: 9 }])).toThrow(PatchError);
    expect(() => applyJsonPatch(BASE, [{ op: 'add', path: '', value: {} }])).toThrow(PatchError);
    expect(BASE.HotWork).toMatchObject({ numberOfWorkers: 3 });
  });
});

describe('two replicas edit one permit offline, then sync', () => {
  const cases = [['A first', false], ['B first', true]] as const;
  it.each(cases)('%s: both converge, both rows survive, the same field settles on one value everywhere', (_, bFirst) => {
    const shared = Y.encodeStateAsUpdate(genesisDoc(BASE));
    const server = replica(shared);
    const a = replica(shared);
    const b = replica(shared);

    a.edit((c) => {
      form(c).jobDescription = 'Weld support, north side';
      form(c).gasTests.push({ time: '09:00', O2: 20.8, LEL: 0, H2S: 0, CO: 1, tester: 'A' });
      form(c).numberOfWorkers = 4;
    });
    b.edit((c) => {
      (form(c).hazards as Record<string, boolean>).working_at_height = true;
      form(c).gasTests.push({ time: '09:05', O2: 20.7, LEL: 0, H2S: 1, CO: 3, tester: 'B' });
      form(c).gasTests[0]!.CO = 3;
      form(c).numberOfWorkers = 5;
    });

    const order = bFirst ? [b, a] : [a, b];
    for (const from of order) server.receive(from.sent);
    a.receive(b.sent);
    b.receive(a.sent);

    const result = server.json();
    expect(a.json()).toEqual(result);
    expect(b.json()).toEqual(result);
    const hotWork = form(result);
    expect(hotWork.jobDescription).toBe('Weld support, north side');
    expect(hotWork.hazards).toEqual({ hot_surfaces: true, working_at_height: true });
    expect(hotWork.gasTests.map((r) => r.tester).sort()).toEqual(['A', 'B', 'Grace']);
    expect(hotWork.gasTests[0]).toMatchObject({ tester: 'Grace', CO: 3 });
    expect([4, 5]).toContain(hotWork.numberOfWorkers);
  });
});
