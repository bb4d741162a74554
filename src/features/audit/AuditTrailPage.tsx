import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Navigate } from 'react-router-dom';
import { OnlineOnly } from '../admin/OnlineOnly';
import { useAdminOutlet } from '../admin/adminSites';
import { ExportEventsCard } from './ExportEventsCard';
import { VerifyChainCard } from './VerifyChainCard';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /admin/audit (administrators, issue 40): verify the audit trail's hash chain and export its
 * events. The whole company's record, so anyone else is refused like any page they may not open
 * (SPEC §8: a missing ability redirects to /unauthorized); the server refuses them too.
 */
export function AuditTrailPage() {
  const styles = useStyles();
  const { administrator } = useAdminOutlet();
  if (!administrator) return <Navigate to="/unauthorized" replace />;
  return (
    <div className={styles.page}>
      <Title2 as="h1">Audit Trail</Title2>
      <Text className={styles.muted}>Every change the server made is an event here, each one chained to the one before it by its hash.</Text>
      <OnlineOnly>
        <div className={styles.cards}>
          <VerifyChainCard />
          <ExportEventsCard />
        </div>
      </OnlineOnly>
    </div>
  );
}
