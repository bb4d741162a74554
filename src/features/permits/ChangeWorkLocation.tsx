import {
  Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { canMovePermitTo } from '../../../domain/permits/workLocation';
import type { Permit } from '../../../schemas';
import { OfflineNotice } from '../../app/OfflineNotice';
import { useAppData } from '../../app/startup/appData';
import { LocationTree } from '../locations/LocationTree';
import { useWorkLocationUpdate } from './useWorkLocationUpdate';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tree: { maxHeight: '50vh', overflowY: 'auto' },
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
          <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
            {/* Mounted only while open, so each opening starts with nothing picked. */}
            <PickerSurface permit={permit} definitionLocationId={definitionLocationId} onClose={() => setOpen(false)} />
          </Dialog>
        </>
      )}
    </div>
  );
}

function PickerSurface({ permit, definitionLocationId, onClose }: { permit: Permit; definitionLocationId: number; onClose(): void }) {
  const styles = useStyles();
  const { data } = useAppData();
  const update = useWorkLocationUpdate();
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSelect = (id: number) => canMovePermitTo(data.profile, data.tree, id, definitionLocationId);
  const target = selected === null ? undefined : data.tree.byId.get(selected);

  const save = async () => {
    if (!target) return;
    setPending(true);
    setError(null);
    try {
      // Saved on the device (queued, not yet sent): the server's answer comes later as a toast.
      await update(permit, target);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPending(false);
    }
  };

  return (
    <DialogSurface>
      <DialogBody>
        <DialogTitle>Change work location</DialogTitle>
        <DialogContent className={styles.content}>
          <OfflineNotice />
          <div className={styles.tree}>
            <LocationTree
              companyName={data.companyName}
              tree={data.tree}
              grantee={data.profile}
              selected={selected}
              onSelect={setSelected}
              revealId={permit.LocationId}
              canSelect={canSelect}
            />
          </div>
          {error ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button
            appearance="primary"
            // Picking where the permit already is would be a request that changes nothing.
            disabled={!target || target.LocationId === permit.LocationId || pending}
            icon={pending ? <Spinner size="tiny" /> : undefined}
            onClick={() => void save()}
          >
            Change work location
          </Button>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  );
}
