import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { isWorkLocationSet, type PlotPlanPosition } from '../../../domain/plotPlans';
import type { Permit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { updateWorkPosition } from '../permits/permitWrites';
import { WorkLocationPicker } from './WorkLocationPicker';

// Wide enough for the plan to be read on a tablet; Fluent's default is 600 px.
const useStyles = makeStyles({ surface: { maxWidth: 'min(960px, 96vw)' } });

type Positioned = Pick<Permit, 'PermitInstanceId' | 'LocationId' | 'Latitude' | 'Longitude'>;

/**
 * The edit page's work location map (SPEC §2 Dialogs, §4): a button that opens the plot plan
 * with the permit's marker; setting it queues PUT /permitinstance through the outbox, so it
 * works offline and the server's answer comes as a toast.
 */
export function WorkLocationDialog({ permit }: { permit: Positioned }) {
  const styles = useStyles();
  const db = useReplica();
  const { email } = useAppData();
  const tellOutcome = useChangeOutcome();
  const [open, setOpen] = useState(false);
  const current: PlotPlanPosition | null = isWorkLocationSet(permit.Latitude, permit.Longitude) ? [permit.Latitude!, permit.Longitude!] : null;
  const save = async (position: PlotPlanPosition) => {
    setOpen(false);
    const entry = await updateWorkPosition({ db, owner: email }, permit.PermitInstanceId, position);
    tellOutcome(entry, { done: messages.permits.workLocationUpdated, refused: 'The work location could not be set.' });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {current ? 'Move on site map' : 'Set on site map'}
      </Button>
      {/* The button is the dialog's sibling: a Dialog with two children takes the first for its trigger. */}
      <Dialog open={open} onOpenChange={(_e, d) => setOpen(d.open)}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>Work Location</DialogTitle>
            <DialogContent>
              <WorkLocationPicker
                locationId={permit.LocationId}
                value={current}
                onSet={(position) => void save(position)}
                extraActions={<Button onClick={() => setOpen(false)}>Cancel</Button>}
              />
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
