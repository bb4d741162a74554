/**
 * Live replica reads of the template screens (DESIGN.md §4.1): the site's pulled templates with
 * the user's own queued changes laid over, so a template created offline shows at once.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { overlayEntries$ } from '../../../replication/outbox';
import { overlayPending, type Overlaid } from '../../../replication/outboxOverlay';
import type { ReplicaDatabase } from '../../../replication/replica';
import { collectionState$ } from '../../../replication/syncState';
import type { Template } from '../../../schemas';

export function templates$(db: ReplicaDatabase, owner: string): Observable<Overlaid<Template>[]> {
  return combineLatest([db.templates.find().$, overlayEntries$(db, owner), collectionState$(db, 'templates')]).pipe(
    map(([docs, entries, state]) => overlayPending({ collection: 'templates', docs: docs.map((d) => d.toMutableJSON()), entries, syncedAt: state.lastSyncedAt })),
  );
}

/** One template as the user should see it; null while unknown or once deleted. */
export const template$ = (db: ReplicaDatabase, owner: string, id: string): Observable<Overlaid<Template> | null> =>
  templates$(db, owner).pipe(map((list) => list.find((t) => t.doc.PermitTemplateId === id) ?? null));

/** Templates of one location and type, by Name (SPEC §7: the list's search on LocationId and Type, sorted by Name). */
export function templatesAt(list: readonly Overlaid<Template>[], locationId: number | null, type: Template['Type']): Overlaid<Template>[] {
  return list
    .filter((t) => t.doc.LocationId === locationId && t.doc.Type === type)
    .sort((a, b) => a.doc.Name.localeCompare(b.doc.Name, undefined, { sensitivity: 'base' }));
}

/**
 * APPROVED permit templates that apply at a location for one permit type: those of the location
 * and of the areas above it, and site-wide ones (no LocationId) of its site.
 */
export function approvedTemplatesFor(list: readonly Overlaid<Template>[], chain: readonly number[], siteId: number, formKey: string): Template[] {
  return list
    .map((t) => t.doc)
    .filter((t) => t.State === 'APPROVED' && t.Type === 'permit' && t.FormKey === formKey && (t.LocationId === null ? t.SiteId === siteId : chain.includes(t.LocationId)))
    .sort((a, b) => a.Name.localeCompare(b.Name, undefined, { sensitivity: 'base' }));
}
