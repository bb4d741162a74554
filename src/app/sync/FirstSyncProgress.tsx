import { MessageBar, MessageBarBody, MessageBarTitle, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { PULLED_COLLECTIONS, type PulledCollection } from '../../../schemas';
import { useSyncStatus } from './useSync';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1 },
});

const NAMES: Record<PulledCollection, string> = {
  permits: 'permits',
  drafts: 'drafts',
  workorders: 'work orders',
  templates: 'templates',
  definitions: 'permit forms',
  sitedata: 'site data',
  isolations: 'isolations',
  gastests: 'gas tests',
  handovers: 'handovers',
};

/**
 * While the replica has not been filled once, its counts and lists would read as empty: this
 * says it is still arriving, collection by collection, and how far it has got.
 */
export function FirstSyncProgress() {
  const styles = useStyles();
  const status = useSyncStatus();
  if (!status || status.firstSyncDone) return null;
  const { pulled, expected } = status.progress;
  const waiting = PULLED_COLLECTIONS.filter((c) => !status.collections[c].firstSyncDone);
  const detail = waiting
    .map((c) => {
      const { pulled, expected } = status.collections[c];
      // Before its first page the server has not said how many there are.
      return expected > 0 ? `${NAMES[c]} ${pulled} of ${expected}` : `${NAMES[c]}…`;
    })
    .join(' · ');
  return (
    <MessageBar intent="info" layout="multiline" aria-label="Preparing offline data">
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>Preparing this device for offline work</MessageBarTitle>
        {status.online ? detail : 'Waiting for a connection to fetch the rest of your data.'}
        <ProgressBar aria-label="Offline data fetched" value={expected > 0 ? pulled / expected : undefined} thickness="large" />
      </MessageBarBody>
    </MessageBar>
  );
}
