import {
  Badge, Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Textarea,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { actionableRecords, duePhase, phaseOf, type ApprovalsView } from '../../../domain/permits/approvals';
import type { ApprovalAction, ApprovalRecord, PermitState } from '../../../schemas';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: `${tokens.spacingVerticalM} 0` },
  record: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Rejection and Discontinue need a comment (SPEC §4). */
const NEEDS_COMMENT: readonly ApprovalAction[] = ['Rejection', 'Discontinue'];

interface Props {
  open: boolean;
  onClose(): void;
  state: PermitState;
  approvals: ApprovalsView | null;
  /** The approval groups the user belongs to on this permit. */
  groups: ReadonlySet<string>;
  canEdit: boolean;
  /** What an approval that issues the permit must weigh (a SIMOPS clash, issue 38): shown above the comment. */
  notice?: { intent: 'error' | 'warning'; text: string } | null;
  /** Acts, or answers why not: the dialog then keeps the comment and shows the reason. */
  onAct(record: ApprovalRecord, action: ApprovalAction, comment: string): string | null;
}

function status(r: ApprovalRecord): string {
  if (r.IsApproved) return `Approved by ${r.ApprovedByName ?? 'unknown'}${r.ApprovalDate ? ` on ${new Date(r.ApprovalDate).toLocaleString()}` : ''}`;
  return r.IsApprovalRequired ? 'Missing' : 'Not required';
}

/** The approval records and summary (SPEC §3); a member of a due record's group acts on it. */
export function ApprovalsDialog({ open, onClose, state, approvals, groups, canEdit, notice, onAct }: Props) {
  const styles = useStyles();
  const [comment, setComment] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const records = approvals?.Approvals ?? [];
  const phase = duePhase(state);
  const due = new Set(actionableRecords(records, phase).map((r) => r.PermitApprovalId));
  const actionsFor = (r: ApprovalRecord): ApprovalAction[] => {
    if (!groups.has(r.ApprovalGroup)) return [];
    if (due.has(r.PermitApprovalId)) return ['Approval', 'Review', ...(canEdit && state !== 'CLOSING' ? (['Rejection'] as const) : [])];
    return r.IsApproved && phaseOf(r) === phase ? ['Discontinue'] : [];
  };
  const act = (r: ApprovalRecord, action: ApprovalAction) => {
    const refused = onAct(r, action, comment);
    setRefusal(refused);
    if (!refused) setComment('');
  };
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Approvals</DialogTitle>
          <DialogContent>
            {approvals ? (
              <Body1>{`Required approvals: ${approvals.Summary.RequiredApprovals} · Missing approvals: ${approvals.Summary.MissingApprovals}`}</Body1>
            ) : (
              <Body1>The approvals of this permit have not reached this device yet.</Body1>
            )}
            <div className={styles.list}>
              {records.map((r) => (
                <div key={r.PermitApprovalId} className={styles.record} aria-label={r.ApprovalLabel}>
                  <Body1>
                    <strong>{r.ApprovalLabel}</strong> {due.has(r.PermitApprovalId) && groups.has(r.ApprovalGroup) && <Badge color="warning">Your Approval Required</Badge>}
                  </Body1>
                  <Caption1>{`${r.ApprovalGroup} · ${status(r)}`}</Caption1>
                  <div className={styles.actions}>
                    {actionsFor(r).map((action) => (
                      <Button key={action} size="small" disabled={NEEDS_COMMENT.includes(action) && !comment.trim()} onClick={() => act(r, action)}>
                        {LABELS[action]}
                      </Button>
                    ))}
                  </div>
                </div>
              ))}
            </div>
            {notice && <MessageBar intent={notice.intent}><MessageBarBody>{notice.text}</MessageBarBody></MessageBar>}
            <Field label="Comment" hint={notice?.intent === 'warning' ? 'Required to reject or discontinue, and to approve: acknowledge the SIMOPS review' : 'Required to reject or discontinue'}>
              <Textarea value={comment} onChange={(_e, d) => setComment(d.value)} />
            </Field>
            {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const LABELS: Record<ApprovalAction, string> = { Approval: 'Approve', Review: 'Review', Rejection: 'Reject', Discontinue: 'Discontinue' };
