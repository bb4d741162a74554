import { isWorkLocationSet, plotPlanFor, type PlotPlanPosition } from '../plotPlans';
import type { LocationTree } from '../locations';
import type { IsolationCertificate, IsolationState } from '../../schemas';

/** One isolation point on a plot plan. */
export interface PlacedPoint {
  /** Unique on the map: the certificate's id and the point's. */
  id: string;
  certificateId: string;
  reference: string;
  state: IsolationState;
  tag: string;
  position: PlotPlanPosition;
}

/** Certificates whose points belong on a map: planned or with locks on; a de-isolated or cancelled one has nothing left on the plant. */
const ON_THE_PLANT: readonly IsolationState[] = ['PLANNED', 'ISOLATED', 'VERIFIED', 'DE-ISOLATION REQUESTED'];

/** The accessible name of a point's marker, e.g. "Isolation point MCC-3-B12 (IC-2026-000101, VERIFIED)". */
export const isolationPointTitle = (p: Pick<PlacedPoint, 'tag' | 'reference' | 'state'>) => `Isolation point ${p.tag} (${p.reference}, ${p.state})`;

/**
 * The isolation points on the plot plan of `plotPlanLocationId` (issue 36 §8): the placed points
 * of the certificates at locations this plan covers, as the dashboard map takes its permits.
 */
export function placedIsolationPoints(certificates: readonly IsolationCertificate[], { tree, plotPlanLocationId }: { tree: LocationTree; plotPlanLocationId: number }): PlacedPoint[] {
  return certificates
    .filter((c) => ON_THE_PLANT.includes(c.State) && plotPlanFor(tree, c.LocationId)?.location.LocationId === plotPlanLocationId)
    .flatMap((c) =>
      c.Points.filter((p) => isWorkLocationSet(p.Latitude, p.Longitude)).map((p) => ({
        id: `isolation:${c.IsolationCertificateId}:${p.PointId}`,
        certificateId: c.IsolationCertificateId,
        reference: c.ReferenceId,
        state: c.State,
        tag: p.Tag,
        position: [p.Latitude!, p.Longitude!] as PlotPlanPosition,
      })),
    );
}
