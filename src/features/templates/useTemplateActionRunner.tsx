import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TemplateAction } from '../../../domain/templates/workflow';
import type { Template } from '../../../schemas';
import { CommentDialog, type DecisionAction } from './CommentDialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { useTemplateWrites } from './useTemplateWrites';

/** What each workflow action is called in menus and buttons. */
export const ACTION_LABELS: Record<TemplateAction, string> = {
  view: 'View', edit: 'Edit', delete: 'Delete', copy: 'Copy', comment: 'Add Comment',
  review: 'Submit for Review', approve: 'Approve', reject: 'Reject', discontinue: 'Discontinue',
};

/**
 * Runs a template action from a menu or a button: navigation for view and edit, a copy that
 * opens in the editor, a confirmation before delete, a comment dialog before the decisions.
 */
export function useTemplateActionRunner(onDeleted?: () => void): { run(action: TemplateAction, template: Template): void; dialogs: ReactNode } {
  const navigate = useNavigate();
  const writes = useTemplateWrites();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [deciding, setDeciding] = useState<{ action: DecisionAction; template: Template } | null>(null);

  const run = (action: TemplateAction, template: Template) => {
    const id = encodeURIComponent(template.PermitTemplateId);
    if (action === 'view') navigate(`/admin/templates/${id}`);
    else if (action === 'edit') navigate(`/admin/templates/${id}/edit`);
    else if (action === 'delete') setDeleting(template);
    else if (action === 'copy') {
      void writes.copy(template).then((copyId) => copyId && navigate(`/admin/templates/${encodeURIComponent(copyId)}/edit`));
    } else setDeciding({ action, template });
  };

  const dialogs = (
    <>
      <ConfirmDeleteDialog
        template={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(t) => {
          setDeleting(null);
          void writes.remove(t).then(() => onDeleted?.());
        }}
      />
      <CommentDialog
        action={deciding?.action ?? null}
        onClose={() => setDeciding(null)}
        onConfirm={(action, comment) => {
          if (deciding) void writes.act(deciding.template, action, comment);
        }}
      />
    </>
  );
  return { run, dialogs };
}
