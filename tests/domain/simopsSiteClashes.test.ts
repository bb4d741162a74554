import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import { simopsApprovalRefusal } from '../../domain/simops/approval';
import { clashesByPairs, type SimopsWork } from '../../domain/simops/clash';
import { compileMatrix, DEFAULT_SIMOPS_SETTINGS } from '../../domain/simops/matrix';
import { SiteClashes, type SitePermitFacts } from '../../domain/simops/siteClashes';
import type { Location, PermitState, SimopsSettings } from '../../schemas';

const HOUR = 3_600_000;
const NOW = new Date(2026, 10, 28, 10).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

const loc = (LocationId: number, ParentLocationId: number, SiteId: number, plan = false): Location => ({
  LocationId, ParentLocationId, SiteId, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, CurrentPlotPlan: plan ? 1 : null,
  PlotPlans: plan ? [{ Version: 1, FileName: 'p.svg', ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 }] : [],
});
// Site 1: plan 100 (calibrated at 0.5 m a unit) covering 110; site 2: plan 200, never calibrated.
const tree = buildLocationTree([loc(100, 0, 1, true), loc(110, 100, 1), loc(200, 0, 2, true)]);
const SETTINGS: Record<number, SimopsSettings> = { 1: { ...DEFAULT_SIMOPS_SETTINGS, PlanScales: { 100: 0.5 } } };
const make = () => new SiteClashes(tree, (site) => SETTINGS[site] ?? DEFAULT_SIMOPS_SETTINGS);

/** An issued permit (from `from` for `hours`) at [Latitude, Longitude] on plan 100. */
const permit = (id: string, type: string, position: [number, number], fields: Partial<SitePermitFacts> = {}): SitePermitFacts => ({
  PermitInstanceId: id, State: 'APPROVED', SiteId: 1, LocationId: 110, Latitude: position[0], Longitude: position[1],
  EffectiveDate: iso(NOW - HOUR), workDate: '2026-11-28', validUntil: iso(NOW + 8 * HOUR), permitTypes: [{ Name: type }], ContentJSON: {}, ...fields,
});

describe('SiteClashes, the device’s clashes kept as permits and the clock change', () => {
  it('finds two hot-work jobs 5 m apart on a calibrated plan, on both, and tells only of real changes', () => {
    const clashes = make();
    const a = permit('a', 'HotWork', [300, 100]);
    const b = permit('b', 'HotWork', [300, 110]);
    expect(clashes.sync([a, b], NOW)).toBe(true);
    expect(clashes.clashesOf('a')).toEqual([expect.objectContaining({ rule: 'review', distanceM: 5, separationM: 10, ids: ['a', 'b'] })]);
    expect(clashes.clashesOf('b')).toEqual(clashes.clashesOf('a'));
    expect(clashes.planOf(110)).toEqual({ plan: 100, metresPerUnit: 0.5, calibrated: true });
    expect(clashes.reachOf('a')).toBe(30);

    // The same permits again (a pull of something else): nothing to redraw.
    expect(clashes.sync([{ ...a }, { ...b }], NOW)).toBe(false);
    // Moved 30 units (15 m) away: the review is over.
    expect(clashes.sync([a, { ...b, Longitude: 130 }], NOW)).toBe(true);
    expect(clashes.clashesOf('a')).toEqual([]);
    // Gone from the replica altogether, then back as a confined-space entry: a block.
    clashes.sync([a], NOW);
    clashes.sync([a, permit('c', 'ConfinedSpace', [300, 120])], NOW);
    expect(clashes.clashesOf('c')).toEqual([expect.objectContaining({ rule: 'block', distanceM: 10 })]);
  });

  it('measures an uncalibrated plan with the site default and keeps sites apart', () => {
    const clashes = make();
    const other = { SiteId: 2, LocationId: 200 };
    clashes.sync([permit('a', 'HotWork', [300, 100], other), permit('b', 'HotWork', [300, 130], other), permit('c', 'HotWork', [300, 100])], NOW);
    expect(clashes.planOf(200)).toEqual({ plan: 200, metresPerUnit: 0.25, calibrated: false });
    expect(clashes.clashesOf('a')).toEqual([expect.objectContaining({ distanceM: 7.5 })]);
    expect(clashes.clashesAt(1)).toEqual([]);
  });

  it('moves planned work in as its day comes within 24 hours, and issued work out when its window ends', () => {
    const clashes = make();
    const issued = permit('a', 'HotWork', [300, 100]);
    // Planned for the day after tomorrow: it counts from 24 hours before that day starts.
    const planned = permit('b', 'HotWork', [300, 104], { State: 'PENDING', EffectiveDate: null, validUntil: '', workDate: '2026-11-30' });
    const dayAfterTomorrow = new Date(2026, 10, 30).getTime();
    clashes.sync([{ ...issued, validUntil: iso(dayAfterTomorrow + 4 * HOUR) }, planned], NOW);
    expect(clashes.clashesOf('a')).toEqual([]);
    expect(clashes.nextChangeAt).toBe(dayAfterTomorrow - 24 * HOUR);
    expect(clashes.sync([{ ...issued, validUntil: iso(dayAfterTomorrow + 4 * HOUR) }, planned], clashes.nextChangeAt + 1)).toBe(true);
    expect(clashes.clashesOf('a')).toEqual([expect.objectContaining({ rule: 'review', overlap: { start: dayAfterTomorrow, end: dayAfterTomorrow + 4 * HOUR } })]);
    expect(clashes.nextChangeAt).toBe(dayAfterTomorrow + 4 * HOUR);
    expect(clashes.sync([{ ...issued, validUntil: iso(dayAfterTomorrow + 4 * HOUR) }, planned], dayAfterTomorrow + 4 * HOUR)).toBe(true);
    expect(clashes.clashesOf('b')).toEqual([]);
  });

  it('judges an approval as the server does: the permit issued from now against the others', () => {
    const clashes = make();
    const entry = permit('entry', 'ConfinedSpace', [300, 100]);
    const pending = permit('hot', 'HotWork', [300, 120], { State: 'PENDING', EffectiveDate: null, validUntil: '', workDate: '2026-11-29' });
    clashes.sync([entry, pending], NOW);
    // Planned tomorrow, it overlaps the entry (ending 18:00 today) only once issued now.
    expect(clashes.clashesOf('hot')).toEqual([]);
    const ifIssued = clashes.clashesIfIssued(pending, NOW);
    expect(ifIssued).toEqual([expect.objectContaining({ rule: 'block', distanceM: 10, overlap: { start: NOW, end: NOW + 8 * HOUR } })]);
    expect(simopsApprovalRefusal({ id: 'hot', reference: 'HW-1' }, ifIssued.map((clash) => ({ clash, other: 'CS-2' })), 'seen')).toMatch(/^Permit HW-1 cannot be approved: CS-2 \(ConfinedSpace\) is 10 m away/);
  });

  it('agrees with every pair tested after any run of changes, one by one or many at once', () => {
    const matrix = compileMatrix(SETTINGS[1]!);
    const arbitraryPermit = (id: string) =>
      fc.record({
        x: fc.integer({ min: 1, max: 200 }),
        y: fc.integer({ min: 1, max: 200 }),
        state: fc.constantFrom<PermitState>('APPROVED', 'PENDING', 'COMPLETED'),
        type: fc.constantFrom('HotWork', 'ConfinedSpace', 'ColdWork'),
      }).map((p) => permit(id, p.type, [p.y, p.x], { State: p.state, ...(p.state === 'PENDING' ? { EffectiveDate: null, validUntil: '' } : {}) }));
    const arbitrarySet = fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }).chain((ids) => fc.tuple(...ids.map((i) => arbitraryPermit(`p${i}`))));
    fc.assert(
      fc.property(fc.array(arbitrarySet, { minLength: 1, maxLength: 4 }), (steps) => {
        const clashes = make();
        for (const permits of steps) {
          clashes.sync(permits, NOW);
          const works = permits.map((p) => clashes.workOf(p.PermitInstanceId)).filter((w): w is SimopsWork => w !== undefined);
          const expected = clashesByPairs(matrix, works).map((c) => JSON.stringify(c)).sort();
          expect(clashes.clashesAt(1).map((c) => JSON.stringify(c)).sort()).toEqual(expected);
        }
      }),
      { numRuns: 40 },
    );
  });
});
