import { useMemo, useState } from 'react';
import { combineLatest, map, of } from 'rxjs';
import { dashboardMapPermits, plotPlanFor, startOfYesterday, type DashboardMapPermits } from '../../../domain/plotPlans';
import { OPEN_PERMIT_STATES, type Permit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { collectionState$ } from '../../../replication/syncState';
import { permits$ } from '../permits/permitQueries';

/**
 * The permits of the dashboard map, live from the replica with the user's queued changes laid
 * over (a work location set offline moves its marker at once). Undefined until the first
 * sync has filled the replica (before that, 'No permits to display' would be a guess); null
 * when the home location has no plot plan.
 */
export function useDashboardMap(): DashboardMapPermits<Permit> | undefined | null {
  const db = useReplica();
  const { data, email } = useAppData();
  const { tree } = data;
  const plotPlanLocationId = useMemo(() => {
    const home = data.homeLocation?.LocationId;
    return home === undefined ? undefined : plotPlanFor(tree, home)?.location.LocationId;
  }, [tree, data.homeLocation]);
  // The window is fixed when the dashboard opens (the dashboard is a morning glance, not a wall display).
  const [since] = useState(() => startOfYesterday(new Date()));
  const source = useMemo(
    () =>
      plotPlanLocationId === undefined
        ? of(null)
        : combineLatest([collectionState$(db, 'permits'), permits$(db, email)]).pipe(
            map(([state, permits]) =>
              state.firstSyncDone
                ? dashboardMapPermits(permits.map((p) => p.doc), { tree, plotPlanLocationId, since, openStates: OPEN_PERMIT_STATES })
                : undefined,
            ),
          ),
    [db, email, tree, plotPlanLocationId, since],
  );
  return useObservable(source, undefined);
}
