/** Replica reads of the History tab (DESIGN.md §4.1): nothing here waits for the network. */
import { map, type Observable } from 'rxjs';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { Printer } from '../../../schemas';

/** The names of the printers the replica holds, by id: a print event names its printer by id only. */
export const printerNames$ = (db: ReplicaDatabase): Observable<ReadonlyMap<number, string>> =>
  db.sitedata.find({ selector: { type: 'printer' } }).$.pipe(
    map((docs) => new Map(docs.map((doc) => [(doc.data as Printer).PermitPrinterId, (doc.data as Printer).Name]))),
  );
