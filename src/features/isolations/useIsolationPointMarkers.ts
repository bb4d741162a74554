import { useMemo } from 'react';
import { isolationPointTitle, placedIsolationPoints, type PlacedPoint } from '../../../domain/isolations/onPlan';
import { plotPlanFor } from '../../../domain/plotPlans';
import { useAppData } from '../../app/startup/appData';
import type { MapMarker } from '../plotPlans/PlotPlanMap';
import { useIsolations } from './useIsolations';

/** One colour for every isolation point, apart from the permits' state palette: the shape and the name tell the rest. */
export const ISOLATION_POINT_COLOUR = '#5c2e91';

/**
 * The isolation points on the home location's plot plan (issue 36 §8), as diamond markers named
 * "Isolation point {tag} ({reference}, {state})", beside the permits' round ones.
 */
export function useIsolationPointMarkers(): { markers: MapMarker[]; points: PlacedPoint[] } {
  const { tree, homeLocation } = useAppData().data;
  const certificates = useIsolations();
  return useMemo(() => {
    const planAt = homeLocation && plotPlanFor(tree, homeLocation.LocationId)?.location.LocationId;
    const points = planAt === undefined || !certificates ? [] : placedIsolationPoints(certificates.map(({ doc }) => doc), { tree, plotPlanLocationId: planAt });
    return { points, markers: points.map((p) => ({ id: p.id, position: p.position, colour: ISOLATION_POINT_COLOUR, title: isolationPointTitle(p), shape: 'diamond' as const })) };
  }, [tree, homeLocation, certificates]);
}
