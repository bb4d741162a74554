import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { applyPatchToDoc } from '../../domain/permits/jsonPatch';
import { applyJsonToDoc, docFromState, docToJson, genesisDoc, type ContentJson } from '../../domain/permits/yContent';

type Row = Record<string, unknown>;
const BASE: ContentJson = {
  HotWork: {
    jobDescription: 'Weld support',
    numberOfWorkers: 2,
    hazards: { hot: true, height: false, h2s: false },
    gasTests: [{ tester: 'base-0', O2: 20.9, CO: 1 }, { tester: 'base-1', O2: 20.8, CO: 2 }],
  },
};

/** One edit a person makes offline; `viaPatch` sends it as JSON Patch instead of through the form's JSON. */
type Edit =
  | { kind: 'field'; key: 'jobDescription' | 'numberOfWorkers' | 'remarks'; value: string | number; viaPatch: boolean }
  | { kind: 'hazard'; key: 'hot' | 'height' | 'h2s'; value: boolean; viaPatch: boolean }
  | { kind: 'cell'; row: 0 | 1; col: 'O2' | 'CO'; value: number; viaPatch: boolean }
  | { kind: 'addRow'; viaPatch: boolean };

const viaPatch = fc.boolean();
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('field' as const), key: fc.constantFrom('jobDescription' as const, 'remarks' as const), value: fc.string({ maxLength: 6 }), viaPatch }),
  fc.record({ kind: fc.constant('field' as const), key: fc.constant('numberOfWorkers' as const), value: fc.integer({ min: 1, max: 40 }), viaPatch }),
  fc.record({ kind: fc.constant('hazard' as const), key: fc.constantFrom('hot' as const, 'height' as const, 'h2s' as const), value: fc.boolean(), viaPatch }),
  fc.record({ kind: fc.constant('cell' as const), row: fc.constantFrom(0 as const, 1 as const), col: fc.constantFrom('O2' as const, 'CO' as const), value: fc.integer({ min: 0, max: 30 }), viaPatch }),
  fc.record({ kind: fc.constant('addRow' as const), viaPatch }),
);

/** Where an edit lands, to find the value it left: the last write of one place must survive unless another replica wrote there too. */
const placeOf = (e: Edit) => (e.kind === 'field' ? e.key : e.kind === 'hazard' ? `hazards.${e.key}` : e.kind === 'cell' ? `row${e.row}.${e.col}` : null);

function valueAt(json: ContentJson, place: string): unknown {
  const form = json.HotWork as Record<string, unknown>;
  if (place.startsWith('hazards.')) return (form.hazards as Record<string, unknown>)[place.slice(8)];
  const cell = /^row(\d)\.(\w+)$/.exec(place);
  if (cell) return (form.gasTests as Row[]).find((r) => r.tester === `base-${cell[1]}`)?.[cell[2]!];
  return form[place];
}

class Replica {
  readonly doc: Y.Doc;
  readonly sent: Uint8Array[] = [];
  readonly delivered = new Map<number, number>();
  readonly lastWrite = new Map<string, unknown>();
  readonly rows: string[] = [];
  private next = 0;

  constructor(readonly id: number, state: Uint8Array, readonly edits: Edit[]) {
    this.doc = docFromState(state, {});
    this.doc.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && this.sent.push(u));
  }

  get done() {
    return this.next >= this.edits.length;
  }

  /** Makes the next edit the way the app does: the form's JSON through applyJsonToDoc, or JSON Patch. */
  editNext(): void {
    const e = this.edits[this.next++]!;
    const json = docToJson(this.doc);
    const form = json.HotWork as Record<string, unknown>;
    const rows = form.gasTests as Row[];
    const ops = [];
    if (e.kind === 'field') {
      form[e.key] = e.value;
      ops.push({ op: 'add' as const, path: `/HotWork/${e.key}`, value: e.value });
    } else if (e.kind === 'hazard') {
      (form.hazards as Record<string, boolean>)[e.key] = e.value;
      ops.push({ op: 'add' as const, path: `/HotWork/hazards/${e.key}`, value: e.value });
    } else if (e.kind === 'cell') {
      const index = rows.findIndex((r) => r.tester === `base-${e.row}`);
      rows[index]![e.col] = e.value;
      ops.push({ op: 'replace' as const, path: `/HotWork/gasTests/${index}/${e.col}`, value: e.value });
    } else {
      const row = { tester: `r${this.id}-${this.rows.length}`, O2: 20.9, CO: 0 };
      this.rows.push(row.tester);
      rows.push(row);
      ops.push({ op: 'add' as const, path: '/HotWork/gasTests/-', value: row });
    }
    if (e.viaPatch) applyPatchToDoc(this.doc, ops);
    else applyJsonToDoc(this.doc, json);
    const place = placeOf(e);
    if (place) this.lastWrite.set(place, valueAt(docToJson(this.doc), place));
  }

  /** Receives the next update of `from` it has not had yet. */
  receiveFrom(from: Replica): void {
    const index = this.delivered.get(from.id) ?? 0;
    if (index >= from.sent.length) return;
    Y.applyUpdate(this.doc, from.sent[index]!, 'remote');
    this.delivered.set(from.id, index + 1);
  }
}

const step = fc.record({ who: fc.nat(2), kind: fc.constantFrom('edit', 'deliver'), from: fc.nat(2) });

const scenario = fc.record({
  edits: fc.array(fc.array(edit, { maxLength: 8 }), { minLength: 2, maxLength: 3 }),
  steps: fc.array(step, { maxLength: 40 }),
  /** The order the server receives every update in, with some sent twice (an outbox resend). */
  serverOrder: fc.array(fc.nat(), { maxLength: 40 }),
  resends: fc.array(fc.nat(), { maxLength: 5 }),
});

describe('permit content converges, and no edit is lost (property)', () => {
  it('over random edits, interleavings and delivery orders', () => {
    fc.assert(
      fc.property(scenario, ({ edits, steps, serverOrder, resends }) => {
        const shared = Y.encodeStateAsUpdate(genesisDoc(BASE));
        const replicas = edits.map((list, i) => new Replica(i, shared, list));
        for (const s of steps) {
          const who = replicas[s.who % replicas.length]!;
          const from = replicas[s.from % replicas.length]!;
          if (s.kind === 'edit' && !who.done) who.editNext();
          else if (from !== who) who.receiveFrom(from);
        }
        for (const r of replicas) while (!r.done) r.editNext();
        for (const to of replicas) for (const from of replicas) while (from !== to && (to.delivered.get(from.id) ?? 0) < from.sent.length) to.receiveFrom(from);

        const all = replicas.flatMap((r) => r.sent);
        const order = all.map((u, i) => ({ u, key: serverOrder[i] ?? i })).sort((a, b) => a.key - b.key).map((x) => x.u);
        const server = docFromState(shared, {});
        for (const u of [...order, ...resends.filter(() => all.length > 0).map((i) => all[i % all.length]!)]) Y.applyUpdate(server, u);
        const result = docToJson(server);

        for (const r of replicas) expect(docToJson(r.doc)).toEqual(result);
        const testers = ((result.HotWork as Record<string, unknown>).gasTests as Row[]).map((r) => r.tester);
        expect([...testers].sort()).toEqual(['base-0', 'base-1', ...replicas.flatMap((r) => r.rows)].sort());
        for (const r of replicas) expect(testers.filter((t) => r.rows.includes(String(t)))).toEqual(r.rows);
        const places = new Set(replicas.flatMap((r) => [...r.lastWrite.keys()]));
        for (const place of places) {
          const writers = replicas.filter((r) => r.lastWrite.has(place)).map((r) => r.lastWrite.get(place));
          if (writers.length === 1) expect(valueAt(result, place)).toEqual(writers[0]);
          else expect(writers).toContainEqual(valueAt(result, place));
        }
      }),
      { numRuns: 1500 },
    );
  });
});
