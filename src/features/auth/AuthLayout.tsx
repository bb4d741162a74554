import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { PlainCard } from '../../app/PlainCard';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    boxSizing: 'border-box',
  },
  card: {
    width: '100%',
    maxWidth: '420px',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
});

/** The centred card every signed-out page sits in. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <PlainCard className={styles.card}>{children}</PlainCard>
    </main>
  );
}
