/** Live replica reads of the work-order screens (DESIGN.md §4.1). */
import { catchError, map, of, type Observable } from 'rxjs';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { WorkOrder } from '../../../schemas';
import { workOrders$ } from '../permits/permitQueries';

/** The device's work orders (the offline window of SPEC §9), soonest scheduled first, or 'failed' when the device's store cannot be read. */
export const windowWorkOrders$ = (db: ReplicaDatabase): Observable<WorkOrder[] | 'failed'> =>
  workOrders$(db).pipe(
    map((all) => [...all].reverse()),
    catchError((error: unknown) => {
      console.error('The work order list could not read this device’s work orders.', error);
      return of('failed' as const);
    }),
  );
