/** List-value sets of a site (SPEC §3 List, §5 rules, §7 Lists). */
import type { ListItem, LocationMetadata, SiteList } from '../../schemas';
import { applyListWrite, listKeyError, type ListWriteMode } from '../../domain/lists';
import { audit, type Who } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';

export interface ListRow {
  site_id: number;
  field_key: string;
  items: ListItem[];
}

export const presentList = (r: ListRow): SiteList => ({ SiteId: r.site_id, FieldKey: r.field_key, ListItems: r.items });
const present = presentList;

/** The Lists of location metadata (SPEC §3): the live lists of the location's site. */
export const metadataLists = (rows: readonly (ListRow & { deleted: boolean })[]): LocationMetadata['Lists'] =>
  rows.filter((r) => !r.deleted).map((r) => ({ FieldKey: r.field_key, ListItems: r.items }));

/** Every live list of the site, by key. */
export async function siteLists(db: Queryable, siteId: number): Promise<SiteList[]> {
  const rows = await db.query<ListRow>('select site_id, field_key, items from lists where site_id = $1 and not deleted order by field_key', [siteId]);
  return rows.map(present);
}

export async function siteList(db: Queryable, siteId: number, fieldKey: string): Promise<SiteList> {
  const [row] = await db.query<ListRow>('select site_id, field_key, items from lists where site_id = $1 and field_key = $2 and not deleted', [siteId, fieldKey]);
  if (!row) throw notFound(`There is no list "${fieldKey}" at this site.`);
  return present(row);
}

export interface ListWriteRequest {
  siteId: number;
  fieldKey: string;
  items: ListItem[];
  mode: ListWriteMode;
  replace?: string;
  who: Who;
}

/**
 * Adds the list or upserts its items (SPEC §7). The row is locked while it is read and
 * written, so two admins adding items at once both keep theirs. Returns whether the list is new.
 */
export async function writeList(tx: Queryable, w: ListWriteRequest): Promise<{ list: SiteList; created: boolean }> {
  const [row] = await tx.query<ListRow & { deleted: boolean }>(
    'select site_id, field_key, items, deleted from lists where site_id = $1 and field_key = $2 for update',
    [w.siteId, w.fieldKey],
  );
  const current = row && !row.deleted ? row.items : undefined;
  // The key's rules apply to the list being made; an existing key was accepted when it was.
  if (!current) {
    const keyProblem = listKeyError(w.fieldKey);
    if (keyProblem) throw badRequest(keyProblem);
  }
  const items = w.items.map((i) => ({ Label: i.Label.trim(), Value: i.Value.trim() }));
  const result = applyListWrite({ current, incoming: items, mode: w.mode, replace: w.replace?.trim() });
  if ('error' in result) throw result.conflict ? conflict(result.error) : badRequest(result.error);
  const [saved] = await tx.query<ListRow>(
    `insert into lists (site_id, field_key, items) values ($1, $2, $3)
     on conflict (site_id, field_key) do update set items = excluded.items, deleted = false
     returning site_id, field_key, items`,
    [w.siteId, w.fieldKey, JSON.stringify(result.items)],
  );
  await audit(tx, w.who, current ? 'list.items' : 'list.create', { type: 'list', id: `${w.siteId}/${w.fieldKey}`, siteId: w.siteId }, { SiteId: w.siteId, FieldKey: w.fieldKey, Items: items.map((i) => i.Value) });
  return { list: present(saved!), created: !current };
}

/** Deletes the list (a tombstone, so every replica learns of it). */
export async function deleteList(tx: Queryable, siteId: number, fieldKey: string, who: Who): Promise<void> {
  const rows = await tx.query('update lists set deleted = true, items = $3 where site_id = $1 and field_key = $2 and not deleted returning 1', [siteId, fieldKey, '[]']);
  if (rows.length === 0) throw notFound(`There is no list "${fieldKey}" at this site.`);
  await audit(tx, who, 'list.delete', { type: 'list', id: `${siteId}/${fieldKey}`, siteId }, { SiteId: siteId, FieldKey: fieldKey });
}

/** Deletes one item. The last item cannot go: a list needs one (SPEC §5); delete the list instead. */
export async function deleteItem(tx: Queryable, siteId: number, fieldKey: string, value: string, who: Who): Promise<SiteList> {
  const [row] = await tx.query<ListRow>('select site_id, field_key, items from lists where site_id = $1 and field_key = $2 and not deleted for update', [siteId, fieldKey]);
  if (!row) throw notFound(`There is no list "${fieldKey}" at this site.`);
  const items = row.items.filter((i) => i.Value !== value);
  if (items.length === row.items.length) throw notFound(`The list "${fieldKey}" has no item with the value "${value}".`);
  if (items.length === 0) throw conflict(`"${value}" is the last item of the list "${fieldKey}": a list needs one item. Delete the list instead.`);
  const [saved] = await tx.query<ListRow>('update lists set items = $3 where site_id = $1 and field_key = $2 returning site_id, field_key, items', [
    siteId, fieldKey, JSON.stringify(items),
  ]);
  await audit(tx, who, 'list.item.delete', { type: 'list', id: `${siteId}/${fieldKey}`, siteId }, { SiteId: siteId, FieldKey: fieldKey, Value: value });
  return present(saved!);
}
