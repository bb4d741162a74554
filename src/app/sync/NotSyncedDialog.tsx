import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { RefusedEntry } from './RefusedEntry';
import { useRefusedEntries } from './useSync';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface NotSyncedDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * "Not synced": the changes the server refused for good (DESIGN.md §4.3). They left the queue,
 * not the user's sight: here the user reads why, copies what they typed, retries or dismisses.
 */
export function NotSyncedDialog({ open, onClose }: NotSyncedDialogProps) {
  const styles = useStyles();
  const { entries, retry, dismiss } = useRefusedEntries();
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Not synced</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>
              The server refused these changes, so they were not saved there. Copy what you need, retry a change once
              its problem is solved, or dismiss it.
            </Body1>
            {entries.length === 0 ? <Body1>No change of yours was refused.</Body1> : null}
            {entries.map((entry) => (
              <RefusedEntry
                key={entry.id}
                entry={entry}
                onRetry={() => void retry(entry.id)}
                onDismiss={() => void dismiss(entry.id)}
              />
            ))}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
