import { describe, expect, it } from 'vitest';
import { dispositionFileName } from '../../replication/audit';
import { problemInWords, verdict } from '../../src/features/audit/chainBreak';
import { lastThirtyDays } from '../../src/features/audit/exportRange';

const HEAD = 'a'.repeat(64);

describe('the Audit Trail page', () => {
  it('says an intact chain in words: how many events, the head and its hash', () => {
    expect(verdict({ ok: true, checked: 1234, headId: 1234, headHash: HEAD, firstBreak: null })).toBe(
      `The chain is intact: 1,234 events checked, head #1234, hash ${HEAD}`,
    );
  });
  it('names the first broken link and what happened to it', () => {
    const report = { ok: false, checked: 2, headId: 2, headHash: HEAD, firstBreak: { id: 3, problem: 'hash', message: 'Event 3 was changed after it was written.' } };
    expect(verdict(report)).toBe('The chain is broken at event #3: an event was changed after it was written');
    // A kind of break added on the server later still shows, as the server named it.
    expect(problemInWords('reordered')).toBe('reordered');
  });
  it('offers the last 30 UTC days, today included', () => {
    expect(lastThirtyDays(Date.UTC(2026, 2, 1, 23, 30))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
  it("keeps the server's file name for the download", () => {
    expect(dispositionFileName('attachment; filename="audit-2026-01-01-2026-01-31-location-100.jsonl"')).toBe('audit-2026-01-01-2026-01-31-location-100.jsonl');
    expect(dispositionFileName(null)).toBeNull();
  });
});
