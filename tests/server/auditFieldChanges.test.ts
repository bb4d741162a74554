/** A content edit's event lists the fields it changed, old → new, not the document (issue 40). */
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash, GENESIS_HASH } from '../../server/audit/canonical';
import { deviceTimeOf } from '../../server/audit/deviceTime';
import { fieldChanges } from '../../server/audit/fieldChanges';

describe('the fields of a content edit', () => {
  it('names each changed field, inside a panel each changed key, absent as null', () => {
    const before = { HotWork: { jobDescription: 'Replace gasket', panel: { a: 1, b: 'x' }, gasTests: [{ O2: 20.8 }] } };
    const after = { HotWork: { jobDescription: 'Replace gasket and bolts', panel: { a: 1, b: 'y', c: true }, gasTests: [{ O2: 20.8 }, { O2: 20.7 }], workers: 4 } };
    const changed = ['HotWork.gasTests', 'HotWork.jobDescription', 'HotWork.panel', 'HotWork.workers'];
    expect(fieldChanges(before, after, changed)).toEqual([
      { Form: 'HotWork', Field: 'gasTests', Old: [{ O2: 20.8 }], New: [{ O2: 20.8 }, { O2: 20.7 }] },
      { Form: 'HotWork', Field: 'jobDescription', Old: 'Replace gasket', New: 'Replace gasket and bolts' },
      { Form: 'HotWork', Field: 'panel.b', Old: 'x', New: 'y' },
      { Form: 'HotWork', Field: 'panel.c', Old: null, New: true },
      { Form: 'HotWork', Field: 'workers', Old: null, New: 4 },
    ]);
  });

  it('keeps the start and the length of a long text (a signature), not all of it', () => {
    const signature = `data:image/png;base64,${'A'.repeat(40_000)}`;
    const [change] = fieldChanges({ F: {} }, { F: { sig: signature } }, ['F.sig']);
    expect(String(change!.New)).toMatch(/^data:image\/png;base64,A+… \(40022 characters\)$/);
    expect(String(change!.New).length).toBeLessThan(600);
  });
});

describe('the canonical encoding and the device time', () => {
  it('sorts keys at every depth, keeps arrays in order, and hashes after the previous hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'é' }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":"é","z":null}]},"b":1}');
    const event = { id: 1, at: '2026-11-28T10:00:00.000Z', device_at: null, actor_id: 5, actor_name: 'A B', actor_kind: 'employee', action: 'x', subject_type: 'permit', subject_id: 'p', location_id: 1, details: {} };
    expect(eventHash(GENESIS_HASH, event)).toMatch(/^[0-9a-f]{64}$/);
    expect(eventHash(GENESIS_HASH, { ...event, details: { n: 1 } })).not.toBe(eventHash(GENESIS_HASH, event));
  });

  it('takes a plausible device time as ISO with milliseconds, and nothing else', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(deviceTimeOf('2026-11-28T10:02:03.456789+01:00', now)).toBe('2026-11-28T09:02:03.456Z');
    for (const bad of [undefined, '', 'yesterday', '2026-11-28', '2026-11-28T12:30:00Z', '1999-01-01T00:00:00Z', ['2026-11-28T10:00:00Z']]) {
      expect(deviceTimeOf(bad as string | undefined, now), String(bad)).toBeNull();
    }
  });
});
