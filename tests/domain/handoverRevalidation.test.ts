import { describe, expect, it } from 'vitest';
import { REVALIDATE_ACTION, revalidationStatus } from '../../domain/handover/revalidation';
import { defaultShiftPattern } from '../../domain/handover/shifts';

const ON = { ...defaultShiftPattern(1, 'America/Chicago'), Revalidation: { Enabled: true, GraceMinutes: 60 } };
// The Day shift of 15 January 2026 began at 06:00 in Chicago, 12:00 UTC.
const at = (iso: string) => new Date(iso);
const approved = { State: 'APPROVED', EffectiveDate: '2026-01-15T02:00:00Z', History: [] };

describe('revalidation at shift change', () => {
  it('is off unless the site turns it on, and for permits that are not APPROVED or were approved this shift', () => {
    expect(revalidationStatus(approved, defaultShiftPattern(1, 'America/Chicago'), at('2026-01-15T14:00:00Z')).kind).toBe('off');
    expect(revalidationStatus({ ...approved, State: 'PENDING' }, ON, at('2026-01-15T14:00:00Z')).kind).toBe('off');
    expect(revalidationStatus({ ...approved, EffectiveDate: '2026-01-15T12:30:00Z' }, ON, at('2026-01-15T14:00:00Z')).kind).toBe('off');
  });

  it('is due during the grace period, required after it, and done once revalidated for this shift', () => {
    expect(revalidationStatus(approved, ON, at('2026-01-15T12:59:00Z'))).toMatchObject({ kind: 'due', requiredAt: at('2026-01-15T13:00:00Z') });
    expect(revalidationStatus(approved, ON, at('2026-01-15T13:00:00Z')).kind).toBe('required');
    const lastShift = { Action: REVALIDATE_ACTION, Details: { ShiftStart: '2026-01-15T00:00:00.000Z' } };
    const thisShift = { Action: REVALIDATE_ACTION, Details: { ShiftStart: '2026-01-15T12:00:00.000Z' } };
    expect(revalidationStatus({ ...approved, History: [lastShift] }, ON, at('2026-01-15T14:00:00Z')).kind).toBe('required');
    expect(revalidationStatus({ ...approved, History: [lastShift, thisShift] }, ON, at('2026-01-15T14:00:00Z')).kind).toBe('done');
    // At the next shift change it is due again.
    expect(revalidationStatus({ ...approved, History: [thisShift] }, ON, at('2026-01-16T00:10:00Z')).kind).toBe('due');
  });
});
