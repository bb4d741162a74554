import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';

interface Props {
  open: boolean;
  title: string;
  action: string;
  onCancel(): void;
  onConfirm(reason: string): void;
}

/** Reject and revoke (SPEC §5): a reason is required, so the action stays disabled until there is one. */
export function ReasonDialog({ open, title, action, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Field label="Reason" required>
              <Textarea value={reason} onChange={(_e, d) => setReason(d.value)} resize="vertical" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Cancel</Button>
            <Button appearance="primary" disabled={!reason.trim()} onClick={() => onConfirm(reason.trim())}>
              {action}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
