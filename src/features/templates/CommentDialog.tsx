import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { commentRequired, type TemplateAction } from '../../../domain/templates/workflow';

export type DecisionAction = 'comment' | 'review' | 'approve' | 'reject' | 'discontinue';

const TITLES: Record<DecisionAction, string> = {
  comment: 'Add Comment',
  review: 'Submit for Review',
  approve: 'Approve Template',
  reject: 'Reject Template',
  discontinue: 'Discontinue Template',
};
const BUTTONS: Record<DecisionAction, string> = { comment: 'Add Comment', review: 'Submit for Review', approve: 'Approve', reject: 'Reject', discontinue: 'Discontinue' };

interface Props {
  action: DecisionAction | null;
  onClose(): void;
  onConfirm(action: DecisionAction, comment: string): void;
}

/** The comment that goes with a decision: required for Reject and Discontinue (SPEC §5), optional otherwise. */
export function CommentDialog({ action, onClose, onConfirm }: Props) {
  const [comment, setComment] = useState('');
  const required = action ? commentRequired(action as TemplateAction) : false;
  const close = () => {
    setComment('');
    onClose();
  };
  return (
    <Dialog open={action !== null} onOpenChange={(_e, d) => !d.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{action ? TITLES[action] : ''}</DialogTitle>
          <DialogContent>
            {action === 'review' && <p>Once submitted, the template cannot be changed unless a reviewer rejects it.</p>}
            <Field label={required ? 'Comment (required)' : 'Comment (optional)'} required={required}>
              <Textarea value={comment} onChange={(_e, d) => setComment(d.value)} resize="vertical" maxLength={2000} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              disabled={required && comment.trim() === ''}
              onClick={() => {
                if (action) onConfirm(action, comment);
                close();
              }}
            >
              {action ? BUTTONS[action] : ''}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
