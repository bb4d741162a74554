/**
 * Live replica reads of the gas test screens (DESIGN.md §4.1): the pulled gas tests with the
 * user's own queued changes laid over, and the site's gas settings from its site data.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { defaultGasSettings } from '../../../domain/gasTests/limits';
import { overlayEntries$ } from '../../../replication/outbox';
import type { Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { GasSettings, PermitGasTests } from '../../../schemas';
import { noGasTests, overlayGasTests } from './gasTestOverlay';

/** Every permit's gas tests the replica holds, by permit id, with the user's changes over them. */
export function allGasTests$(db: ReplicaDatabase, owner: string): Observable<Map<string, Overlaid<PermitGasTests>>> {
  return combineLatest([db.gastests.find().$, overlayEntries$(db, owner), collectionState$(db, 'gastests')]).pipe(
    map(([docs, entries, state]) => overlayGasTests(docs.map((d) => d.toMutableJSON() as PermitGasTests), entries, state.lastSyncedAt)),
  );
}

/** One permit's gas tests (empty when none was recorded), with the user's changes over them. */
export function gasTests$(db: ReplicaDatabase, owner: string, permitId: string): Observable<Overlaid<PermitGasTests>> {
  return combineLatest([db.gastests.findOne(permitId).$, overlayEntries$(db, owner), collectionState$(db, 'gastests')]).pipe(
    map(([doc, entries, state]) => {
      const docs = doc ? [doc.toMutableJSON() as PermitGasTests] : [];
      const mine = entries.filter((e) => e.effects.some((f) => f.collection === 'gastests' && f.key === permitId));
      return overlayGasTests(docs, mine, state.lastSyncedAt).get(permitId) ?? { doc: noGasTests(permitId), pending: false };
    }),
  );
}

/** The remote setting that holds a site's gas settings (server/gasTests/settings.ts), as site data. */
const settingId = (siteId: number) => `setting:gasTests:${siteId}`;

/** A site's gas settings: those its administrators saved, else the defaults. */
export function gasSettings$(db: ReplicaDatabase, siteId: number): Observable<GasSettings> {
  return db.sitedata.findOne(settingId(siteId)).$.pipe(
    map((doc) => (doc ? { ...(doc.toMutableJSON().data as Omit<GasSettings, 'SiteId'>), SiteId: siteId } : defaultGasSettings(siteId))),
  );
}

/** Every site's gas settings the replica holds, by site id (the list's cards are of several sites). */
export function allGasSettings$(db: ReplicaDatabase): Observable<(siteId: number) => GasSettings> {
  return db.sitedata.find({ selector: { type: 'setting' } }).$.pipe(
    map((docs) => {
      const saved = new Map(docs.flatMap((d) => (d.id.startsWith('setting:gasTests:') ? [[Number(d.id.slice('setting:gasTests:'.length)), d.toMutableJSON().data]] : [])));
      return (siteId: number) => (saved.has(siteId) ? { ...(saved.get(siteId) as Omit<GasSettings, 'SiteId'>), SiteId: siteId } : defaultGasSettings(siteId));
    }),
  );
}
