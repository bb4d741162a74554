import { useMemo } from 'react';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { openWorkOrderCount$, permitCounts$ } from './dashboardQueries';

/** The dashboard's three counts, live from the replica; each undefined while not known yet. */
export function useDashboardCounts(): { openPermits?: number; needingApproval?: number; openWorkorders?: number } {
  const db = useReplica();
  const { data, email } = useAppData();
  const homeLocationId = data.profile.Preferences.HomeLocationId;
  const permits = useObservable(
    useMemo(() => permitCounts$(db, email), [db, email]),
    undefined,
  );
  const openWorkorders = useObservable(
    useMemo(() => openWorkOrderCount$(db, homeLocationId), [db, homeLocationId]),
    undefined,
  );
  return { ...permits, openWorkorders };
}
