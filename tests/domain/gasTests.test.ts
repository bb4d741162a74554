import { describe, expect, it } from 'vitest';
import type { GasReading, GasSettings } from '../../schemas';
import { approvalGateRefusal } from '../../domain/gasTests/gate';
import { defaultGasSettings, rulesFor, settingsProblem } from '../../domain/gasTests/limits';
import { everyPointPasses, inForce, lastPassing } from '../../domain/gasTests/readings';
import { isOverdue, retest, retestWords } from '../../domain/gasTests/retest';
import { decideResume, overdueSuspension, readingSuspension, type SuspendableFacts } from '../../domain/gasTests/suspension';
import { judge, limitWords, passes } from '../../domain/gasTests/verdict';

const SITE = defaultGasSettings(1);
const ENTRY = rulesFor(SITE, ['ConfinedSpace']);
const HOT = rulesFor(SITE, ['HotWork']);
const CLEAN = { O2: 20.9, LEL: 0, H2S: 0, CO: 2, Extra: [] };

let n = 0;
function reading(takenAt: string, values: Partial<typeof CLEAN> = {}, more: Partial<GasReading> = {}): GasReading {
  n += 1;
  return {
    ReadingId: `r${n}`, PermitInstanceId: 'p', TakenAt: takenAt, ReceivedAt: takenAt, Tester: { PersonnelId: 1, Name: 'Grace Thompson', At: takenAt },
    InstrumentId: 'MSA Altair 4XR #A-102', BumpTestDate: '2026-11-28', SamplePoint: 'Manway top', Corrects: null, CorrectionReason: null,
    ...CLEAN, ...values, ...more,
  };
}

describe('limits per gas and permit type', () => {
  it.each([
    // [type, gas value, passes]
    ['ConfinedSpace', { O2: 19.5 }, true], ['ConfinedSpace', { O2: 19.4 }, false], ['ConfinedSpace', { O2: 23.5 }, true], ['ConfinedSpace', { O2: 23.6 }, false],
    ['ConfinedSpace', { LEL: 9.9 }, true], ['ConfinedSpace', { LEL: 10 }, false],
    ['HotWork', { LEL: 1 }, true], ['HotWork', { LEL: 1.1 }, false], ['HotWork', { LEL: 9 }, false],
    ['ConfinedSpace', { H2S: 9.9 }, true], ['ConfinedSpace', { H2S: 10 }, false],
    ['ConfinedSpace', { CO: 24 }, true], ['ConfinedSpace', { CO: 25 }, false],
    ['ColdWork', { LEL: 5 }, true],
  ] as const)('%s with %o passes: %s', (type, values, ok) => {
    expect(passes(judge({ ...CLEAN, ...values }, rulesFor(SITE, [type]).limits))).toBe(ok);
  });

  it('says each verdict in words, with the limit', () => {
    expect(judge({ ...CLEAN, LEL: 14 }, ENTRY.limits).map((v) => [v.Status, v.Words])).toEqual([
      ['ok', 'O2 20.9 % is within its limit (19.5–23.5 %)'],
      ['high', 'LEL 14 % is above its limit (below 10 %)'],
      ['ok', 'H2S 0 ppm is within its limit (below 10 ppm)'],
      ['ok', 'CO 2 ppm is within its limit (below 25 ppm)'],
    ]);
    expect(judge({ ...CLEAN, O2: 18 }, ENTRY.limits)[0]!.Words).toBe('O2 18 % is below its limit (19.5–23.5 %)');
    expect(limitWords(HOT.limits.find((l) => l.Gas === 'LEL')!)).toBe('at most 1 %');
  });

  it('a site sets its own, with extra gases; one not measured keeps a reading from passing but is not out of limit', () => {
    const urea: GasSettings = { SiteId: 2, GateMinutes: 30, TimeZone: 'Europe/Amsterdam', Types: [{ PermitType: 'ConfinedSpace', Required: true, RetestMinutes: 60, Limits: [...ENTRY.limits, { Gas: 'NH3', Unit: 'ppm', Low: null, High: 25, HighInclusive: false }] }] };
    const rules = rulesFor(urea, ['ConfinedSpace']);
    expect(rules).toMatchObject({ required: true, retestMinutes: 60, gateMinutes: 30 });
    expect(passes(judge({ ...CLEAN, Extra: [{ Gas: 'NH3', Value: 12 }] }, rules.limits))).toBe(true);
    expect(passes(judge({ ...CLEAN, Extra: [{ Gas: 'NH3', Value: 30 }] }, rules.limits))).toBe(false);
    const missing = judge(CLEAN, rules.limits).at(-1)!;
    expect([missing.Status, missing.Words]).toEqual(['missing', 'NH3 is not measured (below 25 ppm)']);
  });

  it('a permit of two types is held to the tighter limit of each gas, the shorter interval, and needs tests if either does', () => {
    const both = rulesFor(SITE, ['ConfinedSpace', 'HotWork']);
    expect(both.required).toBe(true);
    expect(both.limits.find((l) => l.Gas === 'LEL')).toMatchObject({ High: 1, HighInclusive: true });
    expect(rulesFor(SITE, ['HotWork']).required).toBe(false);
    expect(rulesFor(SITE, ['ColdWork']).required).toBe(false);
  });

  it.each([
    [[{ PermitType: 'X', Required: true, RetestMinutes: 60, Limits: ENTRY.limits.slice(1) }], /no limit for O2/],
    [[{ PermitType: 'X', Required: true, RetestMinutes: 60, Limits: [...ENTRY.limits, ENTRY.limits[0]!] }], /two limits for O2/],
    [[{ PermitType: 'X', Required: true, RetestMinutes: 60, Limits: [{ ...ENTRY.limits[0]!, Low: 24 }, ...ENTRY.limits.slice(1)] }], /is empty/],
    [[{ PermitType: 'X', Required: true, RetestMinutes: 60, Limits: ENTRY.limits }, { PermitType: 'X', Required: false, RetestMinutes: 60, Limits: ENTRY.limits }], /listed twice/],
  ])('refuses settings that cannot judge a reading (%#)', (Types, message) => {
    expect(settingsProblem({ Types, TimeZone: 'UTC' })).toMatch(message);
  });

  it('refuses a time zone that is none', () => {
    expect(settingsProblem({ Types: [], TimeZone: 'Mars/Olympus' })).toMatch(/is not a time zone/);
    expect(settingsProblem({ Types: [], TimeZone: 'America/Chicago' })).toBeNull();
  });
});

describe('readings in force', () => {
  it('a correction replaces the reading it corrects; the last at each sample point is what counts', () => {
    const typo = reading('2026-11-28T10:00:00Z', { LEL: 140 });
    const fixed = reading('2026-11-28T10:01:00Z', { LEL: 14 / 10 }, { Corrects: typo.ReadingId, CorrectionReason: 'Typed 140 for 1.4' });
    expect(inForce([fixed, typo]).map((r) => r.ReadingId)).toEqual([fixed.ReadingId]);
    const bottom = reading('2026-11-28T10:02:00Z', { H2S: 12 }, { SamplePoint: 'Bottom' });
    expect(everyPointPasses([fixed, bottom], ENTRY)).toBe(false);
    expect(everyPointPasses([fixed, bottom, reading('2026-11-28T10:20:00Z', {}, { SamplePoint: 'bottom ' })], ENTRY)).toBe(true);
    expect(lastPassing([fixed, bottom], ENTRY)?.ReadingId).toBe(fixed.ReadingId);
  });
});

describe('retest due and overdue', () => {
  it.each([
    // [last passing taken at (UTC), now (UTC), zone, words, overdue]
    ['2026-11-28T08:00:00Z', '2026-11-28T09:00:00Z', 'UTC', 'Gas test due at 10:00', false],
    ['2026-11-28T08:00:00Z', '2026-11-28T10:00:00Z', 'UTC', 'Gas test due at 10:00', false],
    ['2026-11-28T08:00:00Z', '2026-11-28T10:00:30Z', 'UTC', 'Gas test overdue by 1 min', true],
    ['2026-11-28T08:00:00Z', '2026-11-28T10:12:59Z', 'UTC', 'Gas test overdue by 12 min', true],
    // Across midnight: tested at 23:10, due at 01:10 the next day.
    ['2026-11-28T23:10:00Z', '2026-11-29T00:30:00Z', 'UTC', 'Gas test due at 01:10', false],
    ['2026-11-28T23:10:00Z', '2026-11-29T01:40:00Z', 'UTC', 'Gas test overdue by 30 min', true],
    // The site's clock, not UTC: Houston (UTC−6) and Rotterdam (UTC+1) read the same moment differently.
    ['2026-11-28T04:30:00Z', '2026-11-28T05:00:00Z', 'America/Chicago', 'Gas test due at 00:30', false],
    ['2026-11-28T22:30:00Z', '2026-11-28T23:00:00Z', 'Europe/Amsterdam', 'Gas test due at 01:30', false],
    // Across a change of summer time (Chicago falls back at 02:00 on 1 November 2026): two hours of real time.
    ['2026-11-01T05:30:00Z', '2026-11-01T06:00:00Z', 'America/Chicago', 'Gas test due at 01:30', false],
  ])('tested %s, at %s in %s: %s', (taken, now, zone, words, overdue) => {
    const r = retest([reading(taken)], ENTRY, new Date(now));
    expect(retestWords(r, new Date(now), zone)).toBe(words);
    expect(isOverdue(r, new Date(now))).toBe(overdue);
  });

  it('counts from the last passing reading: a failing one does not restart the interval', () => {
    const r = retest([reading('2026-11-28T08:00:00Z'), reading('2026-11-28T09:00:00Z', { LEL: 15 })], ENTRY, new Date('2026-11-28T09:30:00Z'));
    expect(r).toMatchObject({ kind: 'due', dueAt: new Date('2026-11-28T10:00:00Z') });
    expect(retestWords(retest([], ENTRY, new Date()), new Date(), 'UTC')).toBe('No passing gas test yet');
  });
});

describe('suspension and resume', () => {
  const approved: SuspendableFacts = { PermitInstanceReferenceId: 'CS-2026-000042', State: 'APPROVED', suspendedAt: null };
  const suspended = { ...approved, suspendedAt: '2026-11-28T10:42:30Z' };

  it.each([
    ['APPROVED', null, { LEL: 14 }, 'LEL 14 % at 10:42 (limit below 10 %)'],
    ['APPROVED', null, { LEL: 14, O2: 19 }, 'O2 19 % at 10:42 (limit 19.5–23.5 %); LEL 14 % at 10:42 (limit below 10 %)'],
    ['APPROVED', null, {}, null],
    ['APPROVED', '2026-11-28T10:00:00Z', { LEL: 14 }, null],
    ['PENDING', null, { LEL: 14 }, null],
    ['CLOSING', null, { LEL: 14 }, null],
  ] as const)('a %s permit (suspended since %s) reading %o: %s', (State, suspendedAt, values, words) => {
    expect(readingSuspension({ ...approved, State, suspendedAt }, { ...CLEAN, ...values, TakenAt: '2026-11-28T10:42:00Z' }, ENTRY, 'UTC')).toBe(words);
  });

  it('an overdue retest suspends only work that needs gas tests', () => {
    const old = [reading('2026-11-28T08:00:00Z')];
    expect(overdueSuspension(approved, old, ENTRY, new Date('2026-11-28T10:01:00Z'), 'UTC')).toBe('Gas test overdue: the retest was due at 10:00');
    expect(overdueSuspension(approved, old, ENTRY, new Date('2026-11-28T09:59:00Z'), 'UTC')).toBeNull();
    expect(overdueSuspension(approved, old, HOT, new Date('2026-11-28T12:00:00Z'), 'UTC')).toBeNull();
    expect(overdueSuspension(suspended, old, ENTRY, new Date('2026-11-28T12:00:00Z'), 'UTC')).toBeNull();
    expect(overdueSuspension(approved, [], ENTRY, new Date(), 'UTC')).toMatch(/No passing gas test/);
  });

  const issuer = { edit: true, issuer: true, locationTitle: 'Vacuum Unit' };
  const failing = reading('2026-11-28T10:42:00Z', { LEL: 14 });
  const passing = reading('2026-11-28T11:05:00Z');
  it.each([
    ['an issuer after a passing reading', suspended, [failing, passing], issuer, { ok: true, readingId: passing.ReadingId }],
    ['without a reading since the suspension', suspended, [reading('2026-11-28T10:30:00Z'), failing], issuer, { ok: false, status: 409, reason: expect.stringMatching(/^Take a gas test that passes/) }],
    ['with a passing point while another still fails', suspended, [failing, reading('2026-11-28T11:05:00Z', {}, { SamplePoint: 'Bottom' })], issuer, { ok: false, status: 409, reason: expect.stringMatching(/still out of its limits/) }],
    ['by someone who is not an issuer', suspended, [failing, passing], { ...issuer, issuer: false }, { ok: false, status: 403, reason: expect.stringMatching(/^Only an issuer/) }],
    ['without permits.edit', suspended, [failing, passing], { ...issuer, edit: false }, { ok: false, status: 403, reason: expect.stringMatching(/permits.edit/) }],
    ['when not suspended', approved, [passing], issuer, { ok: false, status: 409, reason: expect.stringMatching(/not suspended/) }],
    ['of a permit no longer APPROVED', { ...suspended, State: 'CLOSING' as const }, [failing, passing], issuer, { ok: false, status: 409, reason: expect.stringMatching(/is CLOSING/) }],
  ])('resume %s', (_, permit, readings, actor, decision) => {
    expect(decideResume(permit, readings, ENTRY, actor)).toEqual(decision);
  });
});

describe('the approval gate', () => {
  const permit = { PermitInstanceReferenceId: 'CS-2026-000042' };
  const now = new Date('2026-11-28T10:00:00Z');
  it.each([
    ['a passing reading 59 minutes ago', [reading('2026-11-28T09:01:00Z')], ENTRY, null],
    ['a passing reading 61 minutes ago', [reading('2026-11-28T08:59:00Z')], ENTRY, /within the last 60 minutes/],
    ['no reading', [], ENTRY, /needs a passing gas test/],
    ['only a failing reading', [reading('2026-11-28T09:50:00Z', { O2: 18 })], ENTRY, /needs a passing gas test/],
    ['a passing reading and a later failing one at another point', [reading('2026-11-28T09:50:00Z'), reading('2026-11-28T09:55:00Z', { H2S: 20 }, { SamplePoint: 'Bottom' })], ENTRY, /out of its limits/],
    ['a type that needs none', [], HOT, null],
    ['a site gate of 30 minutes', [reading('2026-11-28T09:25:00Z')], { ...ENTRY, gateMinutes: 30 }, /within the last 30 minutes/],
  ])('%s', (_, readings, rules, refusal) => {
    const answer = approvalGateRefusal(permit, readings, rules, now);
    if (refusal === null) expect(answer).toBeNull();
    else expect(answer).toMatch(refusal);
  });
});
