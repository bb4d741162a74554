import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GasReading, IsolationCertificate, PermitGasTests } from '../../schemas';
import { defaultGasSettings } from '../../domain/gasTests/limits';
import { handoverPage, itemIds, type HandoverInputs, type HandoverPermitFacts } from '../../domain/handover/page';
import { defaultShiftPattern, nextShift, shiftAt } from '../../domain/handover/shifts';
import type { Clash } from '../../domain/simops/clash';

const PATTERN = defaultShiftPattern(1, 'America/Chicago');
// 15 January 2026, 16:00 in Chicago: the Day shift (06:00–18:00 CST), the Night shift next.
const NOW = new Date('2026-01-15T22:00:00Z');
const SHIFT = shiftAt(PATTERN, NOW);
const NEXT = nextShift(PATTERN, NOW);

let n = 0;
const permit = (State: string, overrides: Partial<HandoverPermitFacts> = {}): HandoverPermitFacts => {
  n += 1;
  return {
    PermitInstanceId: `p${n}`, PermitInstanceReferenceId: `BAY-${1000 + n}`, State, LocationId: 111, DateChanged: '2026-01-15T13:00:00.000000Z', EndStateDescription: null,
    workDescription: [{ workDescription: `Work ${n}` }], permitReceiver: 'Carlos Mendes', workLocation: 'Crude unit, pump bay', permitTypes: [{ Name: 'HotWork' }], validUntil: '',
    ...overrides,
  };
};
const inputs = (overrides: Partial<HandoverInputs>): HandoverInputs => ({
  locationId: 110, locationTitle: 'Crude Unit', locations: [110, 111, 112], shift: SHIFT, next: NEXT, now: NOW, timeZone: PATTERN.TimeZone, permits: [], ...overrides,
});

describe('what a handover page holds', () => {
  it('lists the area’s open permits by state with time left, marking those that time out during the next shift', () => {
    const soon = permit('APPROVED', { validUntil: '2026-01-16T03:00:00Z' }); // 21:00 tonight, Night shift
    const later = permit('APPROVED', { validUntil: '2026-01-16T20:00:00Z' }); // tomorrow's Day shift
    const closing = permit('CLOSING', { validUntil: '2026-01-15T23:00:00Z' }); // this shift
    const timedOut = permit('TIMEOUT', { validUntil: '2026-01-15T20:00:00Z' });
    const elsewhere = permit('APPROVED', { LocationId: 211 });
    const page = handoverPage(inputs({ permits: [later, timedOut, closing, soon, elsewhere] }));
    expect(page.OpenPermits.map((p) => [p.Reference, p.State, p.MinutesLeft, p.TimesOutNextShift])).toEqual([
      [soon.PermitInstanceReferenceId, 'APPROVED', 300, true],
      [later.PermitInstanceReferenceId, 'APPROVED', 1320, false],
      [closing.PermitInstanceReferenceId, 'CLOSING', 60, false],
      [timedOut.PermitInstanceReferenceId, 'TIMEOUT', -120, false],
    ]);
    expect(page.OpenPermits[0]).toMatchObject({ Work: soon.workDescription[0]!.workDescription, Receiver: 'Carlos Mendes', Where: 'Crude unit, pump bay', ValidUntil: '2026-01-16T03:00:00.000Z' });
    expect(page.Shift).toEqual({ Name: 'Day', Start: '2026-01-15T12:00:00.000Z', End: '2026-01-16T00:00:00.000Z' });
  });

  it('lists permits awaiting approval, and those revoked, rejected or completed since the shift began (with the reason)', () => {
    const pending = permit('PENDING');
    const pre = permit('PRE-APPROVAL');
    const revoked = permit('REVOKED', { EndStateDescription: 'Gas alarm', History: [{ At: '2026-01-15T18:30:00.000000Z', Details: { from: 'APPROVED', to: 'REVOKED' } }], DateChanged: '2026-01-15T19:00:00Z' });
    const completedYesterday = permit('COMPLETED', { DateChanged: '2026-01-14T20:00:00Z' });
    const completed = permit('COMPLETED', { DateChanged: '2026-01-15T14:00:00Z' });
    const draft = permit('DRAFT');
    const page = handoverPage(inputs({ permits: [pending, pre, revoked, completedYesterday, completed, draft] }));
    expect(page.AwaitingApproval.map((p) => p.State)).toEqual(['PRE-APPROVAL', 'PENDING']);
    expect(page.EndedThisShift.map((p) => [p.State, p.EndedAt, p.Reason])).toEqual([
      ['COMPLETED', '2026-01-15T14:00:00.000Z', null],
      ['REVOKED', '2026-01-15T18:30:00.000Z', 'Gas alarm'],
    ]);
    expect(page.OpenPermits).toEqual([]);
    expect(page).not.toHaveProperty('Isolations');
    expect(page).not.toHaveProperty('GasTests');
    expect(page).not.toHaveProperty('Clashes');
  });

  it('shows isolations in place and pending de-isolation, gas tests that need the incoming shift, and clashes, only when they exist', () => {
    const hot = permit('APPROVED');
    const entry = permit('APPROVED', { permitTypes: [{ Name: 'ConfinedSpace' }] });
    const suspended = permit('APPROVED');
    const certificate = (id: string, State: IsolationCertificate['State'], LocationId = 111) => ({
      IsolationCertificateId: id, ReferenceId: `IC-2026-${id}`, LocationId, State, Equipment: 'P-101', Points: [], Permits: [{ PermitInstanceId: hot.PermitInstanceId, PermitInstanceReferenceId: hot.PermitInstanceReferenceId, State: 'APPROVED' as const, LinkedBy: { PersonnelId: 1, Name: 'A', At: '', DeviceAt: null } }],
    });
    const reading = (PermitInstanceId: string, TakenAt: string): GasReading => ({
      ReadingId: `r-${PermitInstanceId}`, PermitInstanceId, TakenAt, ReceivedAt: TakenAt, Tester: { PersonnelId: 1, Name: 'T', At: TakenAt }, InstrumentId: 'X', BumpTestDate: '2026-01-15',
      SamplePoint: 'Top', O2: 20.9, LEL: 0, H2S: 0, CO: 0, Extra: [], Corrects: null, CorrectionReason: null,
    });
    const doc = (PermitInstanceId: string, readings: GasReading[], suspensionReason?: string): PermitGasTests => ({
      PermitInstanceId, SiteId: 1, LocationId: 111, Readings: readings, Suspended: !!suspensionReason, DateChanged: '',
      Suspensions: suspensionReason ? [{ SuspensionId: '1', Cause: 'reading', Reason: suspensionReason, SuspendedBy: { PersonnelId: 1, Name: 'T', At: '' }, ReadingId: null, AreaLocationId: null, ResumedBy: null, ResumeComment: null, ResumeReadingId: null }] : [],
    });
    const clash: Clash = { rule: 'block', separationM: 15, ids: [hot.PermitInstanceId, 'far-away'], kinds: ['HotWork', 'ConfinedSpace'], distanceM: 8.4, overlap: { start: 0, end: 1 } };
    const page = handoverPage(inputs({
      permits: [hot, entry, suspended, permit('APPROVED', { PermitInstanceId: 'far-away', PermitInstanceReferenceId: 'BAY-9', LocationId: 211 })],
      isolations: [certificate('a', 'VERIFIED'), certificate('b', 'DE-ISOLATION REQUESTED'), certificate('c', 'PLANNED'), certificate('d', 'VERIFIED', 211)],
      gasTests: { settings: { ...defaultGasSettings(1), TimeZone: 'America/Chicago' }, documents: [doc(entry.PermitInstanceId, [reading(entry.PermitInstanceId, '2026-01-15T19:00:00Z')]), doc(suspended.PermitInstanceId, [], 'LEL 14 % LEL')] },
      clashes: [clash],
    }));
    expect(page.Isolations?.map((c) => [c.Reference, c.State, c.Permits])).toEqual([
      ['IC-2026-a', 'VERIFIED', [hot.PermitInstanceReferenceId]], ['IC-2026-b', 'DE-ISOLATION REQUESTED', [hot.PermitInstanceReferenceId]],
    ]);
    expect(page.GasTests?.map((g) => [g.Reference, g.Status, g.Words])).toEqual([
      [suspended.PermitInstanceReferenceId, 'suspended', 'Work suspended: LEL 14 % LEL'],
      [entry.PermitInstanceReferenceId, 'overdue', 'Gas test overdue by 60 min'],
    ]);
    expect(page.Clashes).toEqual([{ Permits: [{ PermitInstanceId: hot.PermitInstanceId, Reference: hot.PermitInstanceReferenceId }, { PermitInstanceId: 'far-away', Reference: 'BAY-9' }], Rule: 'block',
      Words: `${hot.PermitInstanceReferenceId} (HotWork) and BAY-9 (ConfinedSpace) must not run together: 8 m apart, 15 m required.` }]);
    expect(itemIds(page)).toContain(`clash:${hot.PermitInstanceId}:far-away`);
  });

  it('property: each permit of the area appears at most once, and only permits of the area appear', () => {
    const states = fc.constantFrom('DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT', 'REJECTED', 'COMPLETED', 'REVOKED');
    const facts = fc.array(fc.record({
      State: states, LocationId: fc.constantFrom(110, 111, 112, 211),
      DateChanged: fc.integer({ min: NOW.getTime() - 86_400_000, max: NOW.getTime() }).map((t) => new Date(t).toISOString()),
      validUntil: fc.option(fc.integer({ min: NOW.getTime() - 86_400_000, max: NOW.getTime() + 2 * 86_400_000 }).map((t) => new Date(t).toISOString()), { nil: '' }),
    }), { maxLength: 40 });
    fc.assert(fc.property(facts, (list) => {
      const permits = list.map((f) => permit(f.State, f));
      const page = handoverPage(inputs({ permits }));
      const ids = itemIds(page);
      expect(new Set(ids).size).toBe(ids.length);
      const area = new Set(permits.filter((p) => p.LocationId !== 211).map((p) => `permit:${p.PermitInstanceId}`));
      expect(ids.every((id) => area.has(id))).toBe(true);
      for (const p of page.OpenPermits) if (p.TimesOutNextShift) expect(Date.parse(p.ValidUntil!)).toBeGreaterThanOrEqual(NEXT.start.getTime());
    }), { numRuns: 200 });
  });
});
