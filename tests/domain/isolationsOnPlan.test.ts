import { describe, expect, it } from 'vitest';
import { isolationPointTitle, placedIsolationPoints } from '../../domain/isolations/onPlan';
import { buildLocationTree } from '../../domain/locations';
import { IsolationPointPlan, type IsolationCertificate, type IsolationState, type Location } from '../../schemas';
import { Value } from 'typebox/value';

const loc = (LocationId: number, ParentLocationId: number, CurrentPlotPlan: number | null = null): Location => ({
  LocationId, ParentLocationId, SiteId: 1, Title: `L${LocationId}`, EnabledFlag: true, PermittingEnabled: true, CurrentPlotPlan,
  PlotPlans: CurrentPlotPlan ? [{ Version: CurrentPlotPlan, FileName: 'p.svg', ZoomLevel: 0, Center: [330, 510], Maximum: 2, Minimum: -1 }] : [],
});
// Site 100 has a plan; 111 is under it; 200 is another site without one.
const tree = buildLocationTree([loc(100, 0, 1), loc(110, 100), loc(111, 110), loc(200, 0)]);

const point = (PointId: string, Tag: string, Latitude?: number | null, Longitude?: number | null) => ({
  PointId, Tag, Type: 'electrical' as const, Method: 'lock-off at MCC' as const, LockNumber: '', TagNumber: '', Remarks: '', IsolatedBy: null, VerifiedBy: null, RemovedBy: null,
  ...(Latitude === undefined ? {} : { Latitude, Longitude }),
});
const certificate = (id: string, LocationId: number, State: IsolationState, Points: IsolationCertificate['Points']) =>
  ({ IsolationCertificateId: id, ReferenceId: `IC-2026-00000${id}`, LocationId, State, Points }) as IsolationCertificate;

describe('isolation points on the plot plan (issue 36 §8)', () => {
  it('maps the placed points of certificates planned or in place at locations the plan covers', () => {
    const placed = placedIsolationPoints(
      [
        certificate('1', 111, 'VERIFIED', [point('p1', 'MCC-3-B12', 300, 150), point('p2', '10-XV-1012'), point('p3', '10-XV-1013', 0, 200)]),
        certificate('2', 111, 'DE-ISOLATED', [point('p1', 'MCC-3-B14', 310, 160)]),
        certificate('3', 200, 'ISOLATED', [point('p1', 'MCC-9-A01', 320, 170)]),
        certificate('4', 110, 'PLANNED', [point('p1', '10-SB-1041', 330, 180)]),
      ],
      { tree, plotPlanLocationId: 100 },
    );
    expect(placed.map((p) => [p.reference, p.tag, p.position])).toEqual([
      ['IC-2026-000001', 'MCC-3-B12', [300, 150]],
      ['IC-2026-000004', '10-SB-1041', [330, 180]],
    ]);
    expect(new Set(placed.map((p) => p.id)).size).toBe(2);
    expect(isolationPointTitle(placed[0]!)).toBe('Isolation point MCC-3-B12 (IC-2026-000001, VERIFIED)');
  });

  it('accepts a position on the sheet or none, and refuses one off it', () => {
    const plan = { PointId: 'p1', Tag: 'MCC-3-B12', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: '', TagNumber: '', Remarks: '' };
    const valid = (extra: object) => Value.Check(IsolationPointPlan, { ...plan, ...extra });
    expect(valid({})).toBe(true);
    expect(valid({ Latitude: null, Longitude: null })).toBe(true);
    expect(valid({ Latitude: 660, Longitude: 1020 })).toBe(true);
    expect(valid({ Latitude: 661, Longitude: 10 })).toBe(false);
    expect(valid({ Latitude: 10, Longitude: -1 })).toBe(false);
  });
});
