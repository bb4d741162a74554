import { useMemo } from 'react';
import { map } from 'rxjs';
import type { ReplicatedPermit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useObservable } from '../../app/useObservable';
import { useIsSuspended } from '../gasTests/useSuspended';

/**
 * How many APPROVED permits have their work stopped by gas tests (issue 37), per location. Counted
 * on the device, online too: every open permit the user may view is in the replica, and the
 * device judges stopped work as the cards and permit pages do (an overdue retest at once).
 */
export function useSuspendedByLocation(): ReadonlyMap<number, number> {
  const db = useReplica();
  const approved = useObservable(
    useMemo(() => db.permits.find({ selector: { State: 'APPROVED' } }).$.pipe(map((docs) => docs.map((d) => d.toJSON() as ReplicatedPermit))), [db]),
    [] as ReplicatedPermit[],
  );
  const suspended = useIsSuspended();
  return useMemo(() => {
    const counts = new Map<number, number>();
    for (const permit of approved) if (suspended(permit)) counts.set(permit.LocationId, (counts.get(permit.LocationId) ?? 0) + 1);
    return counts;
  }, [approved, suspended]);
}
