/** Live replica reads of the work-order screens (DESIGN.md §4.1). */
import { map, type Observable } from 'rxjs';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { WorkOrder } from '../../../schemas';
import { workOrders$ } from '../permits/permitQueries';

/** The device's work orders (the offline window of SPEC §9), soonest scheduled first. */
export const windowWorkOrders$ = (db: ReplicaDatabase): Observable<WorkOrder[]> => workOrders$(db).pipe(map((all) => [...all].reverse()));
