/**
 * Live replica reads of the handover page (DESIGN.md §4.1): the pulled handovers with the user's
 * queued handovers and signatures laid over, and the site's shifts from its site data.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { defaultShiftPattern } from '../../../domain/handover/shifts';
import { overlayEntries$ } from '../../../replication/outbox';
import { overlayPending, type Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { Handover, ShiftPattern, ShiftPatternBody } from '../../../schemas';
import { allGasSettings$, gasSettings$ } from '../gasTests/gasTestQueries';

/** Every handover the replica holds, with the user's queued handovers and signatures laid over (a signature made offline counts at once). */
export function allHandovers$(db: ReplicaDatabase, owner: string): Observable<Overlaid<Handover>[]> {
  return combineLatest([db.handovers.find().$, overlayEntries$(db, owner), collectionState$(db, 'handovers')]).pipe(
    map(([docs, entries, state]) => overlayPending({ collection: 'handovers', docs: docs.map((d) => d.toMutableJSON() as Handover), entries, syncedAt: state.lastSyncedAt })),
  );
}

/** An area's handovers, newest shift first (a handover and its correction of the same shift: newest submitted first). */
export function handovers$(db: ReplicaDatabase, owner: string, locationId: number): Observable<Overlaid<Handover>[]> {
  return allHandovers$(db, owner).pipe(
    map((all) => all
      .filter(({ doc }) => doc.LocationId === locationId)
      .sort((a, b) => b.doc.Shift.End.localeCompare(a.doc.Shift.End) || b.doc.SubmittedBy.At.localeCompare(a.doc.SubmittedBy.At))),
  );
}

/** A site's shifts as the server holds them (`shifts:<site>`), else Day and Night on the zone of its gas settings, as the server defaults. */
export function shiftPattern$(db: ReplicaDatabase, siteId: number): Observable<ShiftPattern> {
  return combineLatest([db.sitedata.findOne(`setting:shifts:${siteId}`).$, gasSettings$(db, siteId)]).pipe(
    map(([doc, gas]) => (doc ? { ...(doc.toMutableJSON().data as ShiftPatternBody), SiteId: siteId } : defaultShiftPattern(siteId, gas.TimeZone))),
  );
}

/** Every site's shifts, read as shiftPattern$ reads one (for the permit list's cards and the dashboard, which span sites). */
export function allShiftPatterns$(db: ReplicaDatabase): Observable<(siteId: number) => ShiftPattern> {
  return combineLatest([db.sitedata.find({ selector: { type: 'setting' } }).$, allGasSettings$(db)]).pipe(
    map(([docs, gasOf]) => {
      const saved = new Map(docs.flatMap((d) => (d.id.startsWith('setting:shifts:') ? [[Number(d.id.slice('setting:shifts:'.length)), d.toMutableJSON().data as ShiftPatternBody]] : [])));
      return (siteId: number) => {
        const body = saved.get(siteId);
        return body ? { ...body, SiteId: siteId } : defaultShiftPattern(siteId, gasOf(siteId).TimeZone);
      };
    }),
  );
}
