import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { isSelectableLocation } from '../../../domain/abilities';
import { messages } from '../../../domain/messages';
import { OfflineNotice } from '../../app/OfflineNotice';
import { useAppData } from '../../app/startup/appData';
import { LocationTree } from './LocationTree';
import { useHomeLocationUpdate } from './useHomeLocationUpdate';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tree: { maxHeight: '50vh', overflowY: 'auto' },
});

interface LocationPickerDialogProps {
  open: boolean;
  onClose(): void;
  /** After the new home location was saved on the device (it syncs from there). */
  onUpdated?(): void;
}

/** 'Update Location': choose a new home location in the tree and save it (SPEC §2). */
export function LocationPickerDialog({ open, onClose, onUpdated }: LocationPickerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      {/* The Dialog mounts its surface only while open, so each opening starts with nothing picked. */}
      <PickerSurface onClose={onClose} onUpdated={onUpdated} />
    </Dialog>
  );
}

function PickerSurface({ onClose, onUpdated }: Omit<LocationPickerDialogProps, 'open'>) {
  const styles = useStyles();
  const { data } = useAppData();
  const update = useHomeLocationUpdate();
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noneSelectable = !data.locations.some((l) => isSelectableLocation(data.profile, data.tree, l.LocationId));

  const save = async () => {
    if (selected === null) return;
    setPending(true);
    setError(null);
    try {
      // Saved on the device (queued, not yet sent): the server's answer comes later as a toast.
      await update(selected);
      onClose();
      onUpdated?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPending(false);
    }
  };

  return (
    <DialogSurface>
      <DialogBody>
        <DialogTitle>Update Location</DialogTitle>
        <DialogContent className={styles.content}>
          <OfflineNotice />
          {noneSelectable ? (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{messages.locations.noneEnabled}</MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.tree}>
            <LocationTree
              companyName={data.companyName}
              tree={data.tree}
              grantee={data.profile}
              selected={selected}
              onSelect={setSelected}
              revealId={data.profile.Preferences.HomeLocationId}
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
            disabled={selected === null || pending}
            icon={pending ? <Spinner size="tiny" /> : undefined}
            onClick={() => void save()}
          >
            Update Location
          </Button>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  );
}
