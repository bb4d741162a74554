import { Body1, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { AppLink } from '../../app/AppLink';
import { PlainCard } from '../../app/PlainCard';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { permits$ } from '../permits/permitQueries';
import { referenceOf } from '../permits/permitText';
import { gasStatus } from './gasStatus';
import { useAllGasTests } from './useGasTests';
import { useNow } from './useNow';

const useStyles = makeStyles({
  card: { flex: '1 1 220px', maxWidth: '420px' },
  count: { fontSize: tokens.fontSizeHero900, lineHeight: tokens.lineHeightHero900, fontWeight: tokens.fontWeightSemibold },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
});

/** How far ahead a retest counts as due: the tester has the hour to get to the permit. */
const SOON_MS = 60 * 60_000;
/** The permits the card names; the rest are counted. */
const LISTED = 5;

/**
 * The dashboard's Gas tests due (issue 37): open APPROVED work whose work is stopped or whose
 * retest is overdue or due within the hour, the most urgent first, from the replica and the clock.
 * Loaded after the dashboard's first paint, so the first load carries none of it.
 */
export function GasTestsDueCard() {
  const styles = useStyles();
  const db = useReplica();
  const { email } = useAppData();
  const permits = useObservable(useMemo(() => permits$(db, email), [db, email]), undefined);
  const gas = useAllGasTests();
  const now = useNow(30_000);
  const due = (permits ?? []).flatMap(({ doc }) => {
    const tests = gas?.tests.get(doc.PermitInstanceId)?.doc;
    if (!gas || !tests || doc.State !== 'APPROVED') return [];
    const status = gasStatus(doc, tests, gas.settingsOf(doc.SiteId), now);
    if (!status.stopped && (!status.dueAt || status.dueAt.getTime() > now.getTime() + SOON_MS)) return [];
    return [{ doc, words: status.stopped ? 'Work suspended' : status.retest!, at: status.stopped ? 0 : status.dueAt!.getTime() }];
  }).sort((a, b) => a.at - b.at);
  return (
    <PlainCard className={styles.card} role="region" aria-label="Gas tests due">
      <Text weight="semibold">Gas tests due</Text>
      {permits === undefined || gas === undefined ? (
        <Spinner size="small" label="Syncing…" labelPosition="after" />
      ) : (
        <Text className={styles.count} aria-label={`Gas tests due: ${due.length}`}>{due.length}</Text>
      )}
      {due.length > 0 && (
        <ul className={styles.list}>
          {due.slice(0, LISTED).map(({ doc, words }) => (
            <li key={doc.PermitInstanceId}>
              <Body1>
                <AppLink to={`/permits/${encodeURIComponent(doc.PermitInstanceId)}/edit`}>{`Permit # ${referenceOf(doc.PermitInstanceReferenceId)}`}</AppLink>
                {`: ${words}`}
              </Body1>
            </li>
          ))}
        </ul>
      )}
      {due.length > LISTED && <Caption1>{`and ${due.length - LISTED} more`}</Caption1>}
    </PlainCard>
  );
}
