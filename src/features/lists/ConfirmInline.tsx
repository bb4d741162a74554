import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

interface Props {
  /** What is deleted, for the question and the buttons' names ("the list Companies"). */
  what: string;
  disabled?: boolean;
  /** Why Delete is not offered, when it is disabled. */
  disabledReason?: string;
  onDelete(): void;
}

/** Delete with inline confirmation (SPEC §2): the row asks, in place, before anything is queued. */
export function ConfirmInline({ what, disabled, disabledReason, onDelete }: Props) {
  const styles = useStyles();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Delete ${what}`} title={disabled ? disabledReason : undefined} disabled={disabled} onClick={() => setAsking(true)}>
        Delete
      </Button>
    );
  }
  return (
    <span className={styles.row} role="group" aria-label={`Confirm deleting ${what}`}>
      <Text>{`Delete ${what}?`}</Text>
      <Button appearance="primary" size="small" onClick={() => { setAsking(false); onDelete(); }}>
        Yes, delete
      </Button>
      <Button size="small" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
