import { Body1, Card, CardHeader, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import { messages } from '../../../domain/messages';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import type { PermitState } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { gasOnCard } from '../gasTests/gasOnCard';
import { useAllGasTests } from '../gasTests/useGasTests';
import { referenceOf } from '../permits/permitText';
import { MapLegend } from '../plotPlans/MapLegend';
import { PermitPopup } from '../plotPlans/PermitPopup';
import { PlotPlanView } from '../plotPlans/PlotPlanView';
import type { ClashLine, MapMarker } from '../plotPlans/PlotPlanMap';
import { metres, otherOf, ruleText } from '../simops/simopsText';
import { useSimops } from '../simops/useSimops';
import { IsolationPointPopup } from '../isolations/IsolationPointPopup';
import { useIsolationPointMarkers } from '../isolations/useIsolationPointMarkers';
import { useDashboardMap } from './useDashboardMap';

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '1020px' },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  // The sheet is 1020 × 660: the box keeps its proportions up to the card's width.
  map: { width: '100%', aspectRatio: '1020 / 660', minHeight: '280px' },
});

/** The dashboard's map card (SPEC §2, §9): this site's open permits since the start of yesterday, one marker each in its state's colour. */
export function DashboardMapCard() {
  const styles = useStyles();
  const { homeLocation } = useAppData().data;
  const mapped = useDashboardMap();
  const placed = mapped?.placed;
  // Work stopped by a gas test (issue 37) says so on the marker itself and in its name, read on hover and by screen readers.
  const gas = useAllGasTests();
  const markers = useMemo<MapMarker[]>(
    () =>
      (placed ?? []).map((p) => {
        const suspended = gasOnCard(p, gas, new Date()).suspended;
        return {
          id: p.PermitInstanceId,
          position: [p.Latitude ?? 0, p.Longitude ?? 0],
          colour: PERMIT_STATE_COLOURS[p.State as PermitState] ?? PERMIT_STATE_COLOURS.DRAFT,
          title: `Permit # ${referenceOf(p.PermitInstanceReferenceId)}${suspended ? ' (work suspended)' : ''}`,
          ...(suspended ? { mark: 'Suspended' } : {}),
        };
      }),
    [placed, gas],
  );
  // Isolation points placed on the plan (issue 36 §8): diamonds beside the permits' dots.
  const isolationPoints = useIsolationPointMarkers();
  const allMarkers = useMemo(() => [...markers, ...isolationPoints.markers], [markers, isolationPoints]);
  // SIMOPS (issue 38): a line between each two clashing permits on this map, and the separation around the one whose popup is open.
  const simops = useSimops();
  const clashLines = useMemo<ClashLine[]>(() => {
    if (!simops || !placed) return [];
    const byId = new Map(placed.map((p) => [p.PermitInstanceId, p]));
    const sites = new Set(placed.map((p) => p.SiteId));
    return [...sites].flatMap((site) =>
      simops.clashes.clashesAt(site).flatMap((clash) => {
        const [a, b] = clash.ids.map((id) => byId.get(id));
        if (!a || !b) return [];
        const names = [a, b].map((p) => `Permit # ${referenceOf(p.PermitInstanceReferenceId)}`).join(' and ');
        return [{
          id: clash.ids.join(),
          from: [a.Latitude ?? 0, a.Longitude ?? 0],
          to: [b.Latitude ?? 0, b.Longitude ?? 0],
          block: clash.rule === 'block',
          title: `SIMOPS: ${names}, ${metres(clash.distanceM)} apart: ${ruleText(clash)}`,
        } satisfies ClashLine];
      }),
    );
  }, [simops, placed]);
  const separationOf = useCallback((id: string) => {
    const permit = placed?.find((p) => p.PermitInstanceId === id);
    const plan = permit && simops?.clashes.planOf(permit.LocationId);
    return plan && simops ? simops.clashes.reachOf(id) / plan.metresPerUnit : 0;
  }, [simops, placed]);
  const popup = useCallback((id: string) => {
    const permit = placed?.find((p) => p.PermitInstanceId === id);
    const clashes = (simops?.clashes.clashesOf(id) ?? []).map((clash) => {
      const other = simops?.permits.get(otherOf(clash, id));
      return `SIMOPS: ${ruleText(clash).toLowerCase()} of Permit # ${referenceOf(other?.PermitInstanceReferenceId ?? 'TBD')}, ${metres(clash.distanceM)} away`;
    });
    const point = isolationPoints.points.find((p) => p.id === id);
    if (point) return <IsolationPointPopup point={point} />;
    return permit ? <PermitPopup permit={permit} simops={clashes} /> : null;
  }, [placed, simops, isolationPoints]);

  return (
    <Card className={styles.card} role="region" aria-label="Site Map">
      <CardHeader header={<Text weight="semibold">Site Map</Text>} action={<MapLegend />} />
      {mapped === undefined && <Spinner size="small" label="Syncing…" labelPosition="after" />}
      {mapped && (
        <div className={styles.tools}>
          {mapped.placed.length === 0 && <Body1>{messages.plotPlans.noPermits}</Body1>}
          {mapped.hidden > 0 && <Body1>{messages.plotPlans.hidden(mapped.hidden)}</Body1>}
        </div>
      )}
      <PlotPlanView locationId={homeLocation?.LocationId ?? null} label="Plot plan" className={styles.map} markers={allMarkers} popup={popup} clashLines={clashLines} separationOf={separationOf} />
    </Card>
  );
}
