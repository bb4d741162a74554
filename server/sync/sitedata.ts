import type { LocationMetadata, SiteDataDocument, SiteDataType } from '../../schemas';
import { ancestorsAndSelf, buildLocationTree } from '../../domain/locations';
import type { Queryable } from '../db/database';
import { presentLocation, type LocationRow } from '../locations/locations';
import { metadataLists, presentList, type ListRow } from '../lists/lists';
import { presentPrinter, type PrinterRow } from '../locations/metadata';
import { SETTING_DEFAULTS } from '../settings/settings';
import { findUserById, preferencesOf } from '../users/users';
import { liveJson, tombstoneJson, type Source } from './page';
import type { SyncScope } from './scope';

/** Settings stored for a key nobody has changed carry this date: the start of every replica. */
const NEVER_CHANGED = '2000-01-01T00:00:00.000000Z';

interface Stamped {
  deleted: boolean;
  stamp: string;
}

/** One candidate document: live with its data, or a tombstone (data undefined). */
interface Candidate {
  id: string;
  type: SiteDataType;
  data: unknown;
  DateChanged: string;
}

const latest = (stamps: string[]) => stamps.reduce((a, b) => (a > b ? a : b), NEVER_CHANGED);

async function candidates(tx: Queryable, scope: SyncScope): Promise<Candidate[]> {
  const locations = await tx.query<LocationRow & Stamped>('select *, sync_text(date_changed) as stamp from locations');
  const metadata = await tx.query<Stamped & { location_id: number; metadata: Omit<LocationMetadata, 'LocationId'> }>(
    'select location_id, metadata, deleted, sync_text(date_changed) as stamp from location_metadata',
  );
  const printers = await tx.query<PrinterRow & Stamped>('select *, sync_text(date_changed) as stamp from printers');
  const settings = await tx.query<Stamped & { key: string; value: unknown }>('select key, value, deleted, sync_text(date_changed) as stamp from remote_settings');
  const lists = await tx.query<ListRow & Stamped>('select site_id, field_key, items, deleted, sync_text(date_changed) as stamp from lists order by field_key');
  const user = await findUserById(tx, scope.personnelId);
  const [own] = await tx.query<{ stamp: string }>('select sync_text(preferences_changed) as stamp from users where personnel_id = $1', [scope.personnelId]);

  const live = locations.filter((l) => !l.deleted);
  const tree = buildLocationTree(live.map(presentLocation));
  const locationStamp = new Map(locations.map((l) => [l.location_id, l.stamp]));
  const result: Candidate[] = locations.map((l) => ({
    id: `location:${l.location_id}`, type: 'location', data: l.deleted ? undefined : presentLocation(l), DateChanged: l.stamp,
  }));

  // The metadata in force at each viewable location is the nearest ancestor's: its document
  // changes whenever any row or location along that chain does.
  for (const locationId of scope.viewable) {
    const chain = ancestorsAndSelf(tree, locationId);
    const rows = metadata.filter((m) => chain.includes(m.location_id));
    const nearest = chain.map((id) => rows.find((m) => m.location_id === id && !m.deleted)).find(Boolean);
    // The selects of the location's forms offer its site's lists: a list change restamps the metadata too.
    const ofSite = lists.filter((l) => l.site_id === tree.byId.get(locationId)?.SiteId);
    const stamp = latest([...rows.map((m) => m.stamp), ...chain.map((id) => locationStamp.get(id) ?? NEVER_CHANGED), ...ofSite.map((l) => l.stamp)]);
    const data = nearest ? { ...nearest.metadata, LocationId: locationId, Lists: metadataLists(ofSite) } : undefined;
    result.push({ id: `locationmetadata:${locationId}`, type: 'locationmetadata', data, DateChanged: stamp });
  }

  for (const p of printers) {
    const serves = !p.deleted && scope.served.includes(p.location_id);
    result.push({ id: `printer:${p.printer_id}`, type: 'printer', data: serves ? presentPrinter(p) : undefined, DateChanged: p.stamp });
  }

  for (const l of lists) {
    const held = !l.deleted && scope.listSites.includes(l.site_id);
    result.push({ id: `list:${l.site_id}:${l.field_key}`, type: 'list', data: held ? presentList(l) : undefined, DateChanged: l.stamp });
  }

  const defaults: Record<string, unknown> = SETTING_DEFAULTS;
  const storedKeys = new Set(settings.map((s) => s.key));
  for (const s of settings) {
    const data = s.deleted ? defaults[s.key] : s.value;
    result.push({ id: `setting:${s.key}`, type: 'setting', data, DateChanged: s.stamp });
  }
  for (const [key, value] of Object.entries(defaults)) {
    if (!storedKeys.has(key)) result.push({ id: `setting:${key}`, type: 'setting', data: value, DateChanged: NEVER_CHANGED });
  }

  if (user && own) result.push({ id: 'preferences', type: 'preferences', data: preferencesOf(user), DateChanged: own.stamp });
  return result;
}

/**
 * The sitedata collection: the whole location tree (every user's location picker needs it, as
 * GET /location serves it), the metadata in force at each viewable location, the printers
 * serving them, the remote settings and the user's own preferences. It is small, so it is
 * assembled in memory from one snapshot and paged here.
 */
export const pullSiteData: Source = async (tx, scope, at, limit) => {
  const all = await candidates(tx, scope);
  const after = all
    .filter((c) => c.DateChanged > at.date || (c.DateChanged === at.date && c.id > at.id))
    .filter((c) => c.data !== undefined || c.DateChanged > at.since)
    .sort((a, b) => (a.DateChanged === b.DateChanged ? (a.id < b.id ? -1 : 1) : a.DateChanged < b.DateChanged ? -1 : 1));
  const page = after.slice(0, limit);
  const documents = page.map((c) =>
    c.data === undefined
      ? tombstoneJson('id', c.id, c.DateChanged)
      : liveJson({ id: c.id, type: c.type, data: c.data, DateChanged: c.DateChanged } satisfies SiteDataDocument),
  );
  const last = page.at(-1);
  return { documents, last: last ? { DateChanged: last.DateChanged, id: last.id } : null, remaining: after.length - page.length };
};
