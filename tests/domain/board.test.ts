import { describe, expect, it } from 'vitest';
import type { PermitGasTests } from '../../schemas';
import { boardOf } from '../../domain/board';
import { defaultGasSettings } from '../../domain/gasTests/limits';
import type { HandoverInputs, HandoverPermitFacts } from '../../domain/handover/page';
import { defaultShiftPattern, nextShift, shiftAt } from '../../domain/handover/shifts';
import type { Clash } from '../../domain/simops/clash';

const PATTERN = defaultShiftPattern(1, 'America/Chicago');
const NOW = new Date('2026-01-15T22:00:00Z');

let n = 0;
const permit = (State: string, overrides: Partial<HandoverPermitFacts> = {}): HandoverPermitFacts => {
  n += 1;
  return {
    PermitInstanceId: `p${n}`, PermitInstanceReferenceId: `BAY-${1000 + n}`, State, LocationId: 111, DateChanged: '2026-01-15T13:00:00.000000Z', EndStateDescription: null,
    workDescription: [{ workDescription: `Work ${n}` }], permitReceiver: 'Carlos Mendes', workLocation: 'Pump bay', permitTypes: [{ Name: 'HotWork' }], validUntil: '',
    ...overrides,
  };
};
const inputs = (overrides: Partial<HandoverInputs>): HandoverInputs => ({
  locationId: 110, locationTitle: 'Crude Unit', locations: [110, 111], shift: shiftAt(PATTERN, NOW), next: nextShift(PATTERN, NOW), now: NOW, timeZone: PATTERN.TimeZone, permits: [], ...overrides,
});

describe('the control-room board', () => {
  it('counts the area’s open permits per state, leaving out other areas and closed permits', () => {
    const board = boardOf(inputs({ permits: [permit('APPROVED'), permit('APPROVED'), permit('PENDING'), permit('COMPLETED'), permit('APPROVED', { LocationId: 211 })] }));
    expect(board.counts).toEqual([
      { state: 'DRAFT', count: 0 }, { state: 'PRE-APPROVAL', count: 0 }, { state: 'PENDING', count: 1 },
      { state: 'APPROVED', count: 2 }, { state: 'CLOSING', count: 0 }, { state: 'TIMEOUT', count: 0 },
    ]);
  });

  it('lists permits timing out within two hours, soonest first, and not those later, without an end, or timed out already', () => {
    const inAnHour = permit('APPROVED', { validUntil: '2026-01-15T23:00:00Z' });
    const inTenMinutes = permit('CLOSING', { validUntil: '2026-01-15T22:10:00Z' });
    const later = permit('APPROVED', { validUntil: '2026-01-16T01:00:00Z' });
    const board = boardOf(inputs({ permits: [inAnHour, later, permit('APPROVED'), permit('TIMEOUT', { validUntil: '2026-01-15T21:00:00Z' }), inTenMinutes] }));
    expect(board.timingOut.map((p) => [p.Reference, p.MinutesLeft])).toEqual([[inTenMinutes.PermitInstanceReferenceId, 10], [inAnHour.PermitInstanceReferenceId, 60]]);
  });

  it('shows suspended work with its reason and the clashes touching the area', () => {
    const stopped = permit('APPROVED');
    const other = permit('APPROVED');
    const doc: PermitGasTests = {
      PermitInstanceId: stopped.PermitInstanceId, SiteId: 1, LocationId: 111, Readings: [], Suspended: true, DateChanged: '',
      Suspensions: [{ SuspensionId: '1', Cause: 'reading', Reason: 'LEL 14 % at 10:42 (limit below 10 %)', SuspendedBy: { PersonnelId: 1, Name: 'T', At: '' }, ReadingId: null, AreaLocationId: null, ResumedBy: null, ResumeComment: null, ResumeReadingId: null }],
    };
    const clash: Clash = { rule: 'block', separationM: 15, ids: [stopped.PermitInstanceId, other.PermitInstanceId], kinds: ['HotWork', 'ConfinedSpace'], distanceM: 8.4, overlap: { start: 0, end: 1 } };
    const board = boardOf(inputs({ permits: [stopped, other], gasTests: { documents: [doc], settings: defaultGasSettings(1) }, clashes: [clash] }));
    expect(board.suspensions.map((s) => [s.Reference, s.Words])).toEqual([[stopped.PermitInstanceReferenceId, 'Work suspended: LEL 14 % at 10:42 (limit below 10 %)']]);
    expect(board.clashes.map((c) => c.Words)).toEqual([`${stopped.PermitInstanceReferenceId} (HotWork) and ${other.PermitInstanceReferenceId} (ConfinedSpace) must not run together: 8 m apart, 15 m required.`]);
  });
});
