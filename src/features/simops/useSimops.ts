import { useMemo } from 'react';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { simops$, type SimopsView } from './simopsQueries';

/** The replica's SIMOPS clashes, kept as permits, settings and the clock change (undefined while the replica is read). */
export function useSimops(): SimopsView | undefined {
  const db = useReplica();
  const { data, email } = useAppData();
  return useObservable(useMemo(() => simops$(db, email, data.tree), [db, email, data.tree]), undefined);
}
