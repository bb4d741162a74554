import {
  Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, Field, Input, Spinner, makeStyles, tokens,
} from '@fluentui/react-components';
import { RulerRegular } from '@fluentui/react-icons/svg/ruler';
import { useMemo, useState } from 'react';
import type { PlotPlanPosition } from '../../../domain/plotPlans';
import { DEFAULT_METRES_PER_UNIT } from '../../../domain/simops/work';
import { calibratePlotPlan } from '../../../replication/simops';
import type { Location } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useNotify } from '../../app/toaster';
import { useObservable } from '../../app/useObservable';
import type { MapMarker } from '../plotPlans/PlotPlanMap';
import { PlotPlanView } from '../plotPlans/PlotPlanView';
import { siteSimopsSettings$ } from './simopsQueries';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, 96vw)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  map: { width: '100%', aspectRatio: '1020 / 660', minHeight: '240px' },
});

/** The sheet is 1,020 units across (SPEC §9): a scale read as the plan's width on the ground. */
const across = (metresPerUnit: number) => `${(metresPerUnit * 1020).toLocaleString(undefined, { maximumFractionDigits: 0 })} m across`;
const scaleText = (metresPerUnit: number) => `${metresPerUnit.toLocaleString(undefined, { maximumFractionDigits: 3 })} m a map unit (${across(metresPerUnit)})`;

/**
 * Calibrates a location's plot plan (issue 38): the administrator taps two points whose distance
 * apart on the ground they know (the two ends of a pipe rack, a tank's diameter) and types it.
 * Online only; devices get the scale with the site's SIMOPS settings on their next sync.
 */
export function PlotPlanScaleDialog({ location }: { location: Location }) {
  const styles = useStyles();
  const db = useReplica();
  const notify = useNotify();
  const settings = useObservable(useMemo(() => siteSimopsSettings$(db, location.SiteId), [db, location.SiteId]), undefined);
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState<PlotPlanPosition[]>([]);
  const [distance, setDistance] = useState('');
  const [saving, setSaving] = useState(false);
  const scale = settings?.PlanScales[String(location.LocationId)];
  // A third tap starts a new pair.
  const pick = (position: PlotPlanPosition) => setPoints((current) => (current.length === 2 ? [position] : [...current, position]));
  const markers = useMemo<MapMarker[]>(
    () => points.map((position, i) => ({ id: String(i), position, colour: '#0f6cbd', title: i === 0 ? 'First point' : 'Second point' })),
    [points],
  );
  const metres = Number(distance);
  const [from, to] = points;
  const ready = from !== undefined && to !== undefined && metres > 0;

  const save = async () => {
    if (!from || !to) return;
    setSaving(true);
    try {
      const saved = await calibratePlotPlan({
        LocationId: location.LocationId,
        From: { Latitude: from[0], Longitude: from[1] },
        To: { Latitude: to[0], Longitude: to[1] },
        DistanceM: metres,
      });
      const set = saved.PlanScales[String(location.LocationId)];
      notify('success', 'Plot plan scale set', set ? `${location.Title}: ${scaleText(set)}.` : undefined);
      setOpen(false);
      setPoints([]);
      setDistance('');
    } catch (error) {
      notify('error', 'The scale was not set', error instanceof Error ? error.message : undefined);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_e, d) => setOpen(d.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<RulerRegular />} aria-label={`Set scale for ${location.Title}`}>Set scale</Button>
      </DialogTrigger>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{`Scale of ${location.Title}'s plot plan`}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 as="p">
              {scale === undefined
                ? `No scale set: SIMOPS distances on this plan use the default, ${scaleText(DEFAULT_METRES_PER_UNIT)}, and are estimates.`
                : `Current scale: ${scaleText(scale)}.`}
            </Body1>
            <Body1 as="p">{`Tap two points whose distance apart on the ground you know, far apart on the drawing, then type that distance. ${points.length === 0 ? 'No point picked yet.' : points.length === 1 ? 'First point picked.' : 'Both points picked.'}`}</Body1>
            {open && <PlotPlanView locationId={location.LocationId} label="Plot plan to measure" className={styles.map} markers={markers} onPick={pick} />}
            <Field label="Distance between the two points (m)">
              <Input type="number" min={0} value={distance} onChange={(_e, d) => setDistance(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={!ready || saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={() => void save()}>Save scale</Button>
            <DialogTrigger disableButtonEnhancement>
              <Button>Cancel</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
