import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { Template } from '../../../schemas';

interface Props {
  template: Template | null;
  onClose(): void;
  onConfirm(template: Template): void;
}

/** Deleting a DRAFT template, once the user has said so. */
export function ConfirmDeleteDialog({ template, onClose, onConfirm }: Props) {
  return (
    <Dialog open={template !== null} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Delete Template</DialogTitle>
          <DialogContent>{`Are you sure you want to delete the template "${template?.Name ?? ''}"?`}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={() => template && onConfirm(template)}>
              Delete
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
