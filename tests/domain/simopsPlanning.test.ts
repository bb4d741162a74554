import { describe, expect, it } from 'vitest';
import type { SimopsWork } from '../../domain/simops/clash';
import { planningHints, type PlanningPermit } from '../../domain/simops/planning';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-28T10:00:00Z');
const order = { workOrderNumber: 'WO-1', assetNumber: '10-P-101A', scheduledStart: '2026-11-28T12:00:00Z', siteId: 1 };

const work = (id: string, x: number, start = NOW, end = NOW + 8 * HOUR, kinds = ['HotWork']): SimopsWork => ({ id, plan: 7, x, y: 0, start, end, kinds });
const permit = (id: string, overrides: Partial<PlanningPermit> = {}): PlanningPermit => ({
  id, SiteId: 1, assetNumber: '20-X-1', workOrderNumber: `WO-${id}`, DateChanged: '2026-11-28T09:00:00Z',
  place: { plan: 7, x: 100, y: 0 }, work: work(id, 100), reachM: 30, ...overrides,
});

describe('planningHints: the work order list marks a scheduled order that would run beside open permits', () => {
  it('meets an open permit on the same asset, whatever its place, while both run', () => {
    const hints = planningHints(order, [permit('a', { assetNumber: ' 10-p-101a ', place: null, work: { ...work('a', 0), plan: 9 } })], NOW);
    expect(hints).toEqual([{ permitId: 'a', kinds: ['HotWork'], distanceM: 0, sameAsset: true, reachM: 30, overlap: { start: Date.parse(order.scheduledStart), end: NOW + 8 * HOUR } }]);
  });

  it('places the order where a permit for its asset was last placed, and meets open permits within the reach of their kinds of work', () => {
    const placedBefore = permit('old', { assetNumber: '10-P-101A', work: null, place: { plan: 7, x: 0, y: 0 }, DateChanged: '2026-11-20T09:00:00Z' });
    const placedLast = permit('last', { assetNumber: '10-P-101A', work: null, place: { plan: 7, x: 500, y: 0 }, DateChanged: '2026-11-27T09:00:00Z' });
    const near = permit('near', { work: work('near', 480), reachM: 30 });
    const beyond = permit('beyond', { work: work('beyond', 440), reachM: 30 });
    const wide = permit('wide', { work: work('wide', 440, NOW, NOW + 8 * HOUR, ['HotWork', 'lineBreak']), reachM: 60 });
    const hints = planningHints(order, [placedBefore, placedLast, near, beyond, wide], NOW);
    expect(hints.map((h) => [h.permitId, h.distanceM])).toEqual([['near', 20], ['wide', 60]]);
  });

  it('needs the windows to overlap: the order runs a shift from its scheduled start', () => {
    const sameAsset = { assetNumber: '10-P-101A' };
    const endsBefore = permit('early', { ...sameAsset, work: work('early', 0, NOW - 4 * HOUR, Date.parse(order.scheduledStart)) });
    const startsAfter = permit('late', { ...sameAsset, work: work('late', 0, Date.parse(order.scheduledStart) + 12 * HOUR, NOW + 30 * HOUR) });
    const overlaps = permit('night', { ...sameAsset, work: work('night', 0, Date.parse(order.scheduledStart) + 11 * HOUR, NOW + 30 * HOUR) });
    expect(planningHints(order, [endsBefore, startsAfter, overlaps], NOW).map((h) => h.permitId)).toEqual(['night']);
  });

  it('leaves out the order’s own permits, other sites, permits that cannot clash, an order over or without an asset', () => {
    const sameAsset = { assetNumber: '10-P-101A' };
    const permits = [
      permit('own', { ...sameAsset, workOrderNumber: 'WO-1' }),
      permit('elsewhere', { ...sameAsset, SiteId: 2 }),
      permit('closed', { ...sameAsset, work: null }),
      permit('open', sameAsset),
    ];
    expect(planningHints(order, permits, NOW).map((h) => h.permitId)).toEqual(['open']);
    expect(planningHints({ ...order, scheduledStart: '2026-11-27T12:00:00Z' }, permits, NOW)).toEqual([]);
    expect(planningHints({ ...order, assetNumber: ' ' }, permits, NOW)).toEqual([]);
    // Without a place for its asset, only permits on the same asset are met.
    expect(planningHints({ ...order, assetNumber: '99-Z-9' }, [permit('near', { work: work('near', 0) })], NOW)).toEqual([]);
  });
});
