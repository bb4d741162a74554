import { useMemo } from 'react';
import { AppLink } from '../../app/AppLink';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { ListCard } from '../dashboard/ListCard';
import { permits$ } from '../permits/permitQueries';
import { referenceOf } from '../permits/permitText';
import { gasStatus } from './gasStatus';
import { useAllGasTests } from './useGasTests';
import { useNow } from './useNow';

/** How far ahead a retest counts as due: the tester has the hour to get to the permit. */
const SOON_MS = 60 * 60_000;

/**
 * The dashboard's Gas tests due (issue 37): open APPROVED work whose work is stopped or whose
 * retest is overdue or due within the hour, the most urgent first, from the replica and the clock.
 * Loaded after the dashboard's first paint, so the first load carries none of it.
 */
export function GasTestsDueCard() {
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
    <ListCard
      title="Gas tests due"
      items={permits === undefined || gas === undefined ? undefined : due}
      keyOf={({ doc }) => doc.PermitInstanceId}
      line={({ doc, words }) => (
        <>
          <AppLink to={`/permits/${encodeURIComponent(doc.PermitInstanceId)}/edit`}>{`Permit # ${referenceOf(doc.PermitInstanceReferenceId)}`}</AppLink>
          {`: ${words}`}
        </>
      )}
    />
  );
}
