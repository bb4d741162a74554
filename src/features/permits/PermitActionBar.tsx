import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { CheckmarkCircleRegular, CopyRegular, DismissCircleRegular, ProhibitedRegular, SendRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface ActionBarProps {
  canSubmit: boolean;
  canReject: boolean;
  canRevoke: boolean;
  canCopy: boolean;
  yourApprovalRequired: boolean;
  onSubmit(): void;
  onApprovals(): void;
  onReject(): void;
  onRevoke(): void;
  onCopy(): void;
  /** Further actions of other features (attachments, print), after the permit's own. */
  children?: ReactNode;
}

/** The edit page's actions (SPEC §2): each shows only when the permit's state and the user's abilities allow it. */
export function PermitActionBar(p: ActionBarProps) {
  const styles = useStyles();
  return (
    <div className={styles.bar} role="toolbar" aria-label="Permit actions">
      {p.canSubmit && (
        <Button appearance="primary" icon={<SendRegular />} onClick={p.onSubmit}>
          Submit
        </Button>
      )}
      <Button icon={<CheckmarkCircleRegular />} onClick={p.onApprovals}>
        Approvals
      </Button>
      {p.yourApprovalRequired && <Badge color="warning">Your Approval Required</Badge>}
      {p.canReject && (
        <Button icon={<DismissCircleRegular />} onClick={p.onReject}>
          Reject
        </Button>
      )}
      {p.canRevoke && (
        <Button icon={<ProhibitedRegular />} onClick={p.onRevoke}>
          Revoke
        </Button>
      )}
      {p.canCopy && (
        <Button icon={<CopyRegular />} onClick={p.onCopy}>
          Copy
        </Button>
      )}
      {p.children}
    </div>
  );
}
