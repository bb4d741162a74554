import { useMemo } from 'react';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import type { HandoverClash, PermitState, ReplicatedPermit } from '../../../schemas';
import { referenceOf } from '../permits/permitText';
import { PermitPopup } from '../plotPlans/PermitPopup';
import type { ClashLine, MapMarker } from '../plotPlans/PlotPlanMap';
import { PlotPlanView } from '../plotPlans/PlotPlanView';

interface BoardMapProps {
  locationId: number;
  placed: readonly ReplicatedPermit[];
  /** Ids of the permits whose work is stopped: their markers say so. */
  suspended: ReadonlySet<string>;
  clashes: readonly HandoverClash[];
  className: string;
}

/** The area's plot plan with its live permits, one marker each in its state's colour, and a line between each two that clash. */
export function BoardMap({ locationId, placed, suspended, clashes, className }: BoardMapProps) {
  const markers = useMemo<MapMarker[]>(
    () => placed.map((p) => ({
      id: p.PermitInstanceId,
      position: [p.Latitude ?? 0, p.Longitude ?? 0],
      colour: PERMIT_STATE_COLOURS[p.State as PermitState] ?? PERMIT_STATE_COLOURS.DRAFT,
      title: `Permit # ${referenceOf(p.PermitInstanceReferenceId)}, ${p.State}${suspended.has(p.PermitInstanceId) ? ' (work suspended)' : ''}`,
    })),
    [placed, suspended],
  );
  const clashLines = useMemo<ClashLine[]>(() => {
    const byId = new Map(placed.map((p) => [p.PermitInstanceId, p]));
    return clashes.flatMap((clash) => {
      const [a, b] = clash.Permits.map((p) => byId.get(p.PermitInstanceId));
      if (!a || !b) return [];
      return [{ id: `${a.PermitInstanceId}:${b.PermitInstanceId}`, from: [a.Latitude ?? 0, a.Longitude ?? 0], to: [b.Latitude ?? 0, b.Longitude ?? 0], block: clash.Rule === 'block', title: clash.Words }];
    });
  }, [placed, clashes]);
  const popup = (id: string) => {
    const permit = placed.find((p) => p.PermitInstanceId === id);
    return permit ? <PermitPopup permit={permit} /> : null;
  };
  return <PlotPlanView locationId={locationId} label="Plot plan" className={className} markers={markers} clashLines={clashLines} popup={popup} />;
}
