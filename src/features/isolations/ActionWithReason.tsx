import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';

const useStyles = makeStyles({
  root: { display: 'inline-flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '420px' },
  reason: { color: tokens.colorPaletteRedForeground1 },
});

/** A step's button; when the rules refuse it now, disabled with their sentence under it, so nobody wonders why. */
export function ActionWithReason({ label, refusal, onAct }: { label: string; refusal: string | null; onAct(): void }) {
  const styles = useStyles();
  const reasonId = useId();
  return (
    <span className={styles.root}>
      <Button size="small" disabled={refusal !== null} aria-describedby={refusal ? reasonId : undefined} onClick={onAct}>{label}</Button>
      {refusal && <Caption1 id={reasonId} className={styles.reason}>{refusal}</Caption1>}
    </span>
  );
}
