import { Body1, Caption1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { PermitDefinition, ReplicatedPermit } from '../../../schemas';
import { HistoryBoundary } from './HistoryBoundary';
import { HistoryItem } from './HistoryItem';
import { useHistoryEntries } from './useHistoryEntries';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
});

interface Props {
  permit: ReplicatedPermit;
  /** The form version the permit was made with, whose labels name the fields; null while not on the device. */
  definition: PermitDefinition | null;
  /** Whether this device holds changes to the permit it has not sent: they are not history until the server has them. */
  unsent: boolean;
}

/** The device's own time zone, said once: every time of the list is written in it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The permit's History tab (issue 40): every event the server recorded, in words, oldest first —
 * the order the server received them, the audit chain's, and the order an incident is rebuilt
 * in. Read from the replica, so it shows offline for every permit the device holds.
 */
export function HistoryTab(props: Props) {
  return (
    <HistoryBoundary>
      <HistoryTimeline {...props} />
    </HistoryBoundary>
  );
}

function HistoryTimeline({ permit, definition, unsent }: Props) {
  const styles = useStyles();
  const entries = useHistoryEntries(permit, definition);
  return (
    <div className={styles.root}>
      {unsent && (
        <MessageBar intent="info">
          <MessageBarBody>Changes made on this device and not sent yet join the history once the server has them.</MessageBarBody>
        </MessageBar>
      )}
      {entries === null ? (
        <Body1>This permit’s history comes with it from the server: it shows here after the device next syncs.</Body1>
      ) : entries.length === 0 ? (
        <Body1>No events recorded for this permit yet.</Body1>
      ) : (
        <>
          <Caption1>{`Oldest first, in the order the server received them. Times in ${timeZone()}.`}</Caption1>
          <ol className={styles.list} aria-label="Permit history">
            {entries.map((entry, i) => <HistoryItem key={`${entry.at}-${i}`} entry={entry} />)}
          </ol>
        </>
      )}
    </div>
  );
}
