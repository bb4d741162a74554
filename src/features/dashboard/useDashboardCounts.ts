import { useMemo } from 'react';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable, valueNow } from '../../app/useObservable';
import { openWorkOrderCount$, permitCounts$ } from './dashboardQueries';

/**
 * The dashboard's three counts, live from the replica; each undefined while not known yet.
 * Started with the replica (warmDashboardQueries), they are there for the first render.
 */
export function useDashboardCounts(): { openPermits?: number; needingApproval?: number; openWorkorders?: number } {
  const db = useReplica();
  const { data, email } = useAppData();
  const homeLocationId = data.profile.Preferences.HomeLocationId;
  const permits$ = useMemo(() => permitCounts$(db, email), [db, email]);
  const openWorkorders$ = useMemo(() => openWorkOrderCount$(db, homeLocationId), [db, homeLocationId]);
  const permits = useObservable(permits$, useMemo(() => valueNow(permits$, undefined), [permits$]));
  const openWorkorders = useObservable(openWorkorders$, useMemo(() => valueNow(openWorkorders$, undefined), [openWorkorders$]));
  return { ...permits, openWorkorders };
}
