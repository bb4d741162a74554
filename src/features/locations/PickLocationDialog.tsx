import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, makeStyles, tokens,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { OfflineNotice } from '../../app/OfflineNotice';
import { useAppData } from '../../app/startup/appData';
import { LocationTree } from './LocationTree';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tree: { maxHeight: '50vh', overflowY: 'auto' },
});

export interface PickLocationDialogProps {
  open: boolean;
  /** The dialog's title, and its action's label. */
  title: string;
  /** Opened at first: the path down to this location. */
  revealId: number | null;
  /** Which locations may be picked; by default those that can be a home location. */
  canSelect?(locationId: number): boolean;
  /** Picking this one would change nothing. */
  currentId?: number;
  /** Shown above the tree. */
  notice?: ReactNode;
  /** The choice only fills a filter and saves nothing, so the notice that offline changes wait is left out. */
  filterOnly?: boolean;
  /** Saves the choice on the device (it syncs from there); a failure is shown in the dialog. */
  onPick(locationId: number): Promise<void>;
  onClose(): void;
}

/** A location chosen in the company's tree and saved through the outbox (SPEC §2 location dialogs). */
export function PickLocationDialog({ open, onClose, ...props }: PickLocationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      {/* The Dialog mounts its surface only while open, so each opening starts with nothing picked. */}
      <PickerSurface onClose={onClose} {...props} />
    </Dialog>
  );
}

function PickerSurface({ title, revealId, canSelect, currentId, notice, filterOnly, onPick, onClose }: Omit<PickLocationDialogProps, 'open'>) {
  const styles = useStyles();
  const { data } = useAppData();
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (selected === null) return;
    setPending(true);
    setError(null);
    try {
      // Saved on the device (queued, not yet sent): the server's answer comes later as a toast.
      await onPick(selected);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPending(false);
    }
  };

  return (
    <DialogSurface>
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={styles.content}>
          {filterOnly ? null : <OfflineNotice />}
          {notice}
          <div className={styles.tree}>
            <LocationTree
              companyName={data.companyName}
              tree={data.tree}
              grantee={data.profile}
              selected={selected}
              onSelect={setSelected}
              revealId={revealId}
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
            disabled={selected === null || selected === currentId || pending}
            icon={pending ? <Spinner size="tiny" /> : undefined}
            onClick={() => void save()}
          >
            {title}
          </Button>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  );
}
