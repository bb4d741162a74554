import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';

/** 'Are you sure you want to delete this attachment?' (SPEC §8). */
export function ConfirmDeleteDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel(): void; onConfirm(): void }) {
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Delete Attachment</DialogTitle>
          <DialogContent>{messages.attachments.confirmDelete}</DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Cancel</Button>
            <Button appearance="primary" onClick={onConfirm}>Delete</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
