import { describe, expect, it } from 'vitest';
import { REVOKE_SEARCH_LIMIT, defaultFromDate, pageOf, revokeCandidates } from '../../src/features/permits/revoke/revokeRows';
import { buildPermit } from '../replication/factories';

const overlaid = (overrides: Parameters<typeof buildPermit>[0]) => ({ doc: buildPermit(overrides), pending: false });
const everywhere = { from: '', mayEdit: () => true, selected: new Set<string>() };
const ids = (rows: { doc: { PermitInstanceId: string } }[]) => rows.map((r) => r.doc.PermitInstanceId);

describe('revokeCandidates', () => {
  const permits = [
    overlaid({ PermitInstanceId: 'old', DateChanged: '2025-01-10T08:00:00.000000Z' }),
    overlaid({ PermitInstanceId: 'new', DateChanged: '2026-05-02T08:00:00.000000Z' }),
    overlaid({ PermitInstanceId: 'pending', State: 'PENDING', DateChanged: '2026-05-03T08:00:00.000000Z' }),
    overlaid({ PermitInstanceId: 'elsewhere', LocationId: 211, DateChanged: '2026-05-04T08:00:00.000000Z' }),
  ];

  it.each([
    ['APPROVED permits the user may edit, newest first', everywhere, ['elsewhere', 'new', 'old']],
    ['only where the user holds permits.edit', { ...everywhere, mayEdit: (id: number) => id !== 211 }, ['new', 'old']],
    ['changed on or after the From date', { ...everywhere, from: '2026-01-01' }, ['elsewhere', 'new']],
    ['a half-typed date filters nothing', { ...everywhere, from: '2026-0' }, ['elsewhere', 'new', 'old']],
    ['a ticked permit that left APPROVED stays listed', { ...everywhere, selected: new Set(['pending']) }, ['elsewhere', 'pending', 'new', 'old']],
  ])('%s', (_name, search, expected) => {
    expect(ids(revokeCandidates(permits, search).rows)).toEqual(expected);
  });

  it('returns at most one search of the newest permits and says it left some out', () => {
    const many = Array.from({ length: REVOKE_SEARCH_LIMIT + 5 }, (_, i) =>
      overlaid({ PermitInstanceId: `p-${i}`, DateChanged: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }),
    );
    const { rows, capped } = revokeCandidates(many, everywhere);
    expect(rows).toHaveLength(REVOKE_SEARCH_LIMIT);
    expect(rows[0]!.doc.PermitInstanceId).toBe(`p-${REVOKE_SEARCH_LIMIT + 4}`);
    expect(capped).toBe(true);
  });
});

describe('defaultFromDate', () => {
  it('is one year before today', () => {
    expect(defaultFromDate(new Date(2026, 10, 22, 15, 30))).toBe('2025-11-22');
  });
});

describe('pageOf', () => {
  it('shows the last page when the list shrank under the page asked for', () => {
    expect(pageOf([1, 2, 3, 4, 5], 4, 2)).toEqual({ rows: [5], page: 2, pages: 3 });
    expect(pageOf([], 3, 10)).toEqual({ rows: [], page: 0, pages: 1 });
  });
});
