import { useCallback } from 'react';
import { ApiError } from '../../../replication/http';
import { getPermitsByState } from '../../../replication/reports';
import type { PermitState, PermitsByStateReport } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useLoad, type Loaded } from '../../app/useLoad';
import { countPermits } from './reportData';

/** Where the counts came from: the server (every permit) or this device's replica (what it holds). */
export interface SourcedReport {
  report: PermitsByStateReport;
  source: 'server' | 'device';
  at: Date;
}

/**
 * The report's counts: from the server online, from the permits on the device offline or when
 * the server cannot be reached. A refusal (4xx, 5xx) is shown, not hidden behind local counts.
 */
export function usePermitsByState(states: readonly PermitState[], online: boolean): Loaded<SourcedReport> {
  const db = useReplica();
  const load = useCallback(async (): Promise<SourcedReport> => {
    if (online) {
      try {
        return { report: await getPermitsByState(states), source: 'server', at: new Date() };
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 0)) throw error;
      }
    }
    const docs = await db.permits.find({ selector: { State: { $in: [...states] } } }).exec();
    return { report: countPermits(docs.map((d) => ({ LocationId: d.LocationId, State: d.State })), states), source: 'device', at: new Date() };
  }, [db, states, online]);
  return useLoad(load);
}
