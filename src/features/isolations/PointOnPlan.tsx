import { Body1, Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { isWorkLocationSet, type PlotPlanPosition } from '../../../domain/plotPlans';
import type { IsolationPointPlan } from '../../../schemas';
import { WorkLocationPicker } from '../plotPlans/WorkLocationPicker';

// Wide enough for the plan to be read on a tablet, as the permit's work location dialog.
const useStyles = makeStyles({ surface: { maxWidth: 'min(960px, 96vw)' } });

interface Props {
  point: IsolationPointPlan;
  /** The certificate's location: its plot plan (or its nearest ancestor's) is shown. */
  locationId: number;
  onPlace(position: PlotPlanPosition): void;
}

/**
 * A point placed on the plot plan like a permit's work location (issue 36 §8): the same
 * draggable pin; the position is part of the plan, queued with it when the plan is saved.
 */
export function PointOnPlan({ point, locationId, onPlace }: Props) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const current: PlotPlanPosition | null = isWorkLocationSet(point.Latitude, point.Longitude) ? [point.Latitude!, point.Longitude!] : null;
  const name = point.Tag.trim() || 'this point';
  return (
    <div>
      <Body1>{current ? 'On the site map' : 'Not on the site map'}</Body1>{' '}
      <Button size="small" onClick={() => setOpen(true)}>{current ? 'Move on site map' : 'Place on site map'}</Button>
      <Dialog open={open} onOpenChange={(_e, d) => setOpen(d.open)}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{`Where is ${name}?`}</DialogTitle>
            <DialogContent>
              <WorkLocationPicker
                locationId={locationId}
                value={current}
                mapLabel="Isolation point map"
                setLabel="Set point location"
                onSet={(position) => {
                  setOpen(false);
                  onPlace(position);
                }}
                extraActions={<Button onClick={() => setOpen(false)}>Cancel</Button>}
              />
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
