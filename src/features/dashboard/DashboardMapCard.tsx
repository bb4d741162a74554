import { Body1, Card, CardHeader, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import { messages } from '../../../domain/messages';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import type { PermitState } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { referenceOf } from '../permits/permitText';
import { MapLegend } from '../plotPlans/MapLegend';
import { PermitPopup } from '../plotPlans/PermitPopup';
import { PlotPlanView } from '../plotPlans/PlotPlanView';
import type { MapMarker } from '../plotPlans/PlotPlanMap';
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
  const markers = useMemo<MapMarker[]>(
    () =>
      (placed ?? []).map((p) => ({
        id: p.PermitInstanceId,
        position: [p.Latitude ?? 0, p.Longitude ?? 0],
        colour: PERMIT_STATE_COLOURS[p.State as PermitState] ?? PERMIT_STATE_COLOURS.DRAFT,
        title: `Permit # ${referenceOf(p.PermitInstanceReferenceId)}`,
      })),
    [placed],
  );
  const popup = useCallback((id: string) => {
    const permit = placed?.find((p) => p.PermitInstanceId === id);
    return permit ? <PermitPopup permit={permit} /> : null;
  }, [placed]);

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
      <PlotPlanView locationId={homeLocation?.LocationId ?? null} label="Plot plan" className={styles.map} markers={markers} popup={popup} />
    </Card>
  );
}
