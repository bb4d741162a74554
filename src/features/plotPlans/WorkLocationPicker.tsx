import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { isWorkLocationSet, type PlotPlanPosition } from '../../../domain/plotPlans';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import { PlotPlanView } from './PlotPlanView';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  map: { width: '100%', aspectRatio: '1020 / 660', minHeight: '240px' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
  hint: { flexGrow: 1, color: tokens.colorPaletteRedForeground1 },
});

interface Props {
  /** The location whose plot plan to show. */
  locationId: number | null;
  /** Where the work location is now; null (or 0, 0) when none was set. */
  value: PlotPlanPosition | null;
  onSet(position: PlotPlanPosition): void;
  /** Shown beside the set button (the dialog's Cancel). */
  extraActions?: ReactNode;
  /** What is placed, when not a permit's work location (an isolation point, issue 36 §8): the map's name and the set button's words. */
  mapLabel?: string;
  setLabel?: string;
}

/**
 * The work location on the plot plan (SPEC §2, §5): a marker the user drags (or taps the plan
 * to move), and the set button, disabled until the marker is on the plan (both coordinates
 * above 0). The marker starts at the position already set, else at 0, 0.
 */
export function WorkLocationPicker({ locationId, value, onSet, extraActions, mapLabel = 'Work location map', setLabel = 'Set Work Location' }: Props) {
  const styles = useStyles();
  const [position, setPosition] = useState<PlotPlanPosition>(value ?? [0, 0]);
  const set = isWorkLocationSet(...position);
  return (
    <div className={styles.root}>
      <PlotPlanView locationId={locationId} label={mapLabel} className={styles.map} pin={{ position, colour: PERMIT_STATE_COLOURS.CLOSING, onMove: setPosition }} />
      <div className={styles.actions}>
        {!set && <Body1 className={styles.hint}>{messages.plotPlans.noWorkLocation}</Body1>}
        {extraActions}
        <Button appearance="primary" disabled={!set} onClick={() => onSet(position)}>
          {setLabel}
        </Button>
      </div>
    </div>
  );
}
