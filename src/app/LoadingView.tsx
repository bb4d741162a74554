import type { ReactNode } from 'react';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  content: { maxWidth: '480px', width: '100%' },
});

/**
 * Shown until the app is initialised (SPEC §2). With children (an error and its retry),
 * the spinner gives way to them.
 */
export function LoadingView({ children }: { children?: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      {children ? <div className={styles.content}>{children}</div> : <Spinner size="large" label="Loading OpenPermit…" />}
    </main>
  );
}
