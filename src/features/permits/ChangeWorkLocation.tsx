import { Body1, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { canMovePermitTo } from '../../../domain/permits/workLocation';
import type { Permit } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { PickLocationDialog } from '../locations/PickLocationDialog';
import { useWorkLocationUpdate } from './useWorkLocationUpdate';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface Props {
  permit: Permit;
  /** Where the permit's definition belongs: only locations it serves are offered. */
  definitionLocationId: number | null;
  /** The state and the user's abilities allow a move (RULES.changeLocation); without it only the location shows. */
  allowed: boolean;
}

/** The permit's work location, and for editors while it may still move, 'Change work location' (SPEC §4). */
export function ChangeWorkLocation({ permit, definitionLocationId, allowed }: Props) {
  const styles = useStyles();
  const { data } = useAppData();
  const update = useWorkLocationUpdate();
  const [open, setOpen] = useState(false);
  const title = data.tree.byId.get(permit.LocationId)?.Title ?? `Location ${permit.LocationId}`;
  return (
    <div className={styles.row}>
      <Body1>
        <Text weight="semibold">Work location: </Text>
        <Text aria-label="Current work location">{title}</Text>
      </Body1>
      {allowed && definitionLocationId !== null && (
        <>
          <Button size="small" onClick={() => setOpen(true)}>
            Change work location
          </Button>
          <PickLocationDialog
            open={open}
            title="Change work location"
            revealId={permit.LocationId}
            canSelect={(id) => canMovePermitTo(data.profile, data.tree, id, definitionLocationId)}
            currentId={permit.LocationId}
            onPick={(id) => update(permit, data.tree.byId.get(id)!)}
            onClose={() => setOpen(false)}
          />
        </>
      )}
    </div>
  );
}
