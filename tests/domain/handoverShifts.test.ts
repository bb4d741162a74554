import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShiftPatternBody } from '../../schemas';
import { areasMissingHandover, missingHandover } from '../../domain/handover/missing';
import { defaultShiftPattern, instantOf, nextShift, previousShift, shiftAt, shiftPatternProblem, shiftsFromStarts } from '../../domain/handover/shifts';

const CHICAGO = defaultShiftPattern(1, 'America/Chicago');
const at = (iso: string) => new Date(iso);
const span = (s: { name: string; start: Date; end: Date }) => `${s.name} ${s.start.toISOString()} → ${s.end.toISOString()}`;

describe('shift boundaries', () => {
  it('puts each instant in its shift on the site’s clock, across midnight', () => {
    // 05:59 and 06:00 Chicago (CST, UTC−6) on 15 January.
    expect(span(shiftAt(CHICAGO, at('2026-01-15T11:59:00Z')))).toBe('Night 2026-01-15T00:00:00.000Z → 2026-01-15T12:00:00.000Z');
    expect(span(shiftAt(CHICAGO, at('2026-01-15T12:00:00Z')))).toBe('Day 2026-01-15T12:00:00.000Z → 2026-01-16T00:00:00.000Z');
    // 23:30 local is the night shift that began at 18:00 the same day; 00:30 the one that began the day before.
    expect(shiftAt(CHICAGO, at('2026-01-16T05:30:00Z')).start.toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(shiftAt(CHICAGO, at('2026-01-16T06:30:00Z')).start.toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(span(nextShift(CHICAGO, at('2026-01-15T13:00:00Z')))).toBe('Night 2026-01-16T00:00:00.000Z → 2026-01-16T12:00:00.000Z');
    expect(span(previousShift(CHICAGO, at('2026-01-15T13:00:00Z')))).toBe('Night 2026-01-15T00:00:00.000Z → 2026-01-15T12:00:00.000Z');
  });

  it('follows daylight saving: the night the clocks go forward is 11 hours, the night they go back 13', () => {
    // US clocks go forward at 02:00 on 8 March 2026 and back at 02:00 on 1 November 2026.
    const spring = shiftAt(CHICAGO, at('2026-03-08T09:00:00Z'));
    expect(span(spring)).toBe('Night 2026-03-08T00:00:00.000Z → 2026-03-08T11:00:00.000Z');
    expect(shiftAt(CHICAGO, at('2026-03-08T11:00:00Z')).name).toBe('Day');
    const autumn = shiftAt(CHICAGO, at('2026-11-01T08:00:00Z'));
    expect(span(autumn)).toBe('Night 2026-10-31T23:00:00.000Z → 2026-11-01T12:00:00.000Z');
  });

  it('reads a wall-clock time skipped by the clocks going forward with the offset before, and one that occurs twice as the first', () => {
    expect(new Date(instantOf(Date.UTC(2026, 2, 8, 2, 30), 'America/Chicago')).toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(new Date(instantOf(Date.UTC(2026, 10, 1, 1, 30), 'America/Chicago')).toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(new Date(instantOf(Date.UTC(2026, 5, 1, 6, 0), 'Asia/Kolkata')).toISOString()).toBe('2026-06-01T00:30:00.000Z');
  });

  it('a shift changing inside the hour the clocks skip still tiles the night', () => {
    const pattern = { TimeZone: 'Europe/Amsterdam', Shifts: [{ Name: 'Early', Start: '02:30', End: '14:30' }, { Name: 'Late', Start: '14:30', End: '02:30' }] };
    const late = shiftAt(pattern, at('2026-03-29T00:15:00Z'));
    expect(late.name).toBe('Late');
    expect(shiftAt(pattern, late.end).name).toBe('Early');
  });

  const zones = fc.constantFrom('America/Chicago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC', 'America/St_Johns', 'Pacific/Chatham');
  const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  /** Two or three shifts that tile the day: distinct starts, each ending where the next begins. */
  const patterns = fc.tuple(zones, fc.uniqueArray(clock, { minLength: 1, maxLength: 4 })).map(([TimeZone, starts]) => {
    const sorted = [...starts].sort();
    return { TimeZone, Shifts: sorted.map((Start, i) => ({ Name: `S${i}`, Start, End: sorted[(i + 1) % sorted.length]! })) };
  });
  const instants = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }).map((t) => new Date(t));

  it('property: every instant belongs to exactly one shift, which contains it and is followed by the next without a gap', () => {
    fc.assert(fc.property(patterns, instants, (pattern, t) => {
      expect(shiftPatternProblem(pattern)).toBeNull();
      const s = shiftAt(pattern, t);
      expect(s.start.getTime()).toBeLessThanOrEqual(t.getTime());
      expect(t.getTime()).toBeLessThan(s.end.getTime());
      // Exactly one: the shift just before ends where this one starts, the one after starts where it ends.
      expect(shiftAt(pattern, new Date(s.start.getTime() - 1)).end.getTime()).toBe(s.start.getTime());
      expect(nextShift(pattern, t).start.getTime()).toBe(s.end.getTime());
      // A shift lasts its length on the clock's face, give or take a daylight-saving change.
      expect(s.end.getTime() - s.start.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
      expect(s.end.getTime() - s.start.getTime()).toBeGreaterThan(0);
    }), { numRuns: 300 });
  });
});

describe('shift patterns an administrator may save', () => {
  const problem = (p: Partial<ShiftPatternBody>) => shiftPatternProblem({ ...defaultShiftPattern(1), ...p });
  it('takes the default and any set of shifts that tile the day', () => {
    expect(problem({})).toBeNull();
    expect(problem({ Shifts: [{ Name: 'A', Start: '07:00', End: '15:00' }, { Name: 'B', Start: '15:00', End: '23:00' }, { Name: 'C', Start: '23:00', End: '07:00' }] })).toBeNull();
    expect(problem({ Shifts: [{ Name: 'All day', Start: '06:00', End: '06:00' }] })).toBeNull();
  });
  it('refuses gaps, overlaps, twin names and unknown zones in words', () => {
    expect(problem({ Shifts: [{ Name: 'Day', Start: '06:00', End: '17:00' }, { Name: 'Night', Start: '18:00', End: '06:00' }] }))
      .toBe('The Day shift ends at 17:00 but the next shift, Night, starts at 18:00: each shift must end when the next begins, so that every hour of the day is in exactly one shift.');
    expect(problem({ Shifts: [{ Name: 'Day', Start: '06:00', End: '18:00' }, { Name: 'day', Start: '18:00', End: '06:00' }] })).toBe('Two shifts are named day: give each shift its own name.');
    expect(problem({ Shifts: [{ Name: 'Day', Start: '06:00', End: '18:00' }] })).toMatch(/^The Day shift runs 06:00–18:00: a single shift must end when it starts/);
    expect(problem({ TimeZone: 'Mars/Olympus' })).toBe("Mars/Olympus is not a time zone: give the site's zone as in America/Chicago or Europe/Amsterdam.");
  });
  it('refuses on the device what the settings screen can get wrong, before anything is sent', () => {
    expect(problem({ Shifts: [] })).toBe('Give at least one shift: a single one from 06:00 to 06:00 covers the whole day.');
    expect(problem({ Shifts: [{ Name: ' ', Start: '06:00', End: '06:00' }] })).toBe('Give shift 1 a name, such as Day or Night.');
    expect(problem({ Shifts: [{ Name: 'Day', Start: '', End: '06:00' }] })).toBe('Give the start of the Day shift as HH:MM on a 24-hour clock, e.g. 06:00.');
    expect(problem({ Revalidation: { Enabled: true, GraceMinutes: 721 } })).toBe('Give the revalidation grace period as a whole number of minutes from 0 to 720.');
    expect(problem({ Revalidation: { Enabled: true, GraceMinutes: Number.NaN } })).toMatch(/grace period/);
    expect(problem({ Revalidation: { Enabled: true, GraceMinutes: 0 } })).toBeNull();
  });
});

describe('shifts given by name and start, as the settings screen asks for them', () => {
  it('ends each shift where the next begins, round the clock, in order of start', () => {
    expect(shiftsFromStarts([{ Name: ' Nights ', Start: '22:00' }, { Name: 'Early', Start: '06:00' }, { Name: 'Late', Start: '14:00' }])).toEqual([
      { Name: 'Early', Start: '06:00', End: '14:00' }, { Name: 'Late', Start: '14:00', End: '22:00' }, { Name: 'Nights', Start: '22:00', End: '06:00' },
    ]);
    expect(shiftsFromStarts([{ Name: 'All day', Start: '07:00' }])).toEqual([{ Name: 'All day', Start: '07:00', End: '07:00' }]);
  });
  it('tiles the day for any distinct starts, and names the two shifts that start together', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 1, maxLength: 6 }), (minutes) => {
      const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const shifts = shiftsFromStarts(minutes.map((m, i) => ({ Name: `S${i}`, Start: clock(m) })));
      expect(shiftPatternProblem({ TimeZone: 'Europe/Amsterdam', Shifts: shifts })).toBeNull();
    }), { numRuns: 200 });
    expect(shiftPatternProblem({ TimeZone: 'UTC', Shifts: shiftsFromStarts([{ Name: 'Day', Start: '06:00' }, { Name: 'Night', Start: '06:00' }]) }))
      .toBe('The Day and Night shifts both start at 06:00: give each shift its own start time.');
  });
});

describe('the handover missing rule', () => {
  const handedOver = { LocationId: 110, Shift: { Start: '2026-01-15T00:00:00.000Z', End: '2026-01-15T12:00:00.000Z' } };
  it('warns 30 minutes into the new shift until the last shift’s handover of the area is acknowledged', () => {
    expect(missingHandover(CHICAGO, 110, [], at('2026-01-15T12:29:59Z'))).toBeNull();
    expect(span(missingHandover(CHICAGO, 110, [], at('2026-01-15T12:30:00Z'))!)).toBe('Night 2026-01-15T00:00:00.000Z → 2026-01-15T12:00:00.000Z');
    expect(missingHandover(CHICAGO, 110, [{ ...handedOver, Acknowledgement: null }], at('2026-01-15T13:00:00Z'))).not.toBeNull();
    expect(missingHandover(CHICAGO, 110, [{ ...handedOver, Acknowledgement: { By: {} } }], at('2026-01-15T13:00:00Z'))).toBeNull();
    expect(missingHandover(CHICAGO, 120, [{ ...handedOver, Acknowledgement: { By: {} } }], at('2026-01-15T13:00:00Z'))).not.toBeNull();
    // An older shift's handover does not cover the last change.
    expect(missingHandover(CHICAGO, 110, [{ ...handedOver, Acknowledgement: { By: {} } }], at('2026-01-16T00:45:00Z'))).not.toBeNull();
  });
  it('warns of each area handed over that misses its last handover, and of no area never handed over', () => {
    const signed = { ...handedOver, SiteId: 1, Acknowledgement: { By: {} } };
    const unsigned = { ...handedOver, LocationId: 120, SiteId: 1, Acknowledgement: null };
    const missing = (now: string) => areasMissingHandover([signed, unsigned], () => CHICAGO, at(now)).map((m) => `${m.LocationId} ${span(m.shift)}`);
    expect(missing('2026-01-15T12:10:00Z')).toEqual([]);
    expect(missing('2026-01-15T13:00:00Z')).toEqual(['120 Night 2026-01-15T00:00:00.000Z → 2026-01-15T12:00:00.000Z']);
    // The next shift change: neither area signed for the Day shift.
    expect(missing('2026-01-16T00:30:00Z')).toEqual(['110 Day 2026-01-15T12:00:00.000Z → 2026-01-16T00:00:00.000Z', '120 Day 2026-01-15T12:00:00.000Z → 2026-01-16T00:00:00.000Z']);
    expect(areasMissingHandover([], () => CHICAGO, at('2026-01-15T13:00:00Z'))).toEqual([]);
  });
});
