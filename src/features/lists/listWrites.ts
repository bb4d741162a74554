/**
 * Every change of a site's lists, each one outbox entry (DESIGN.md §4.2): the request of SPEC §7
 * and the effect the pages show until the pull brings the server's version. `Mode` and `Replace`
 * tell the server what the person meant, so it refuses what the dialog would have (schemas/lists.ts).
 */
import { appendToOutbox } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { ListItem, OutboxEntry, SiteDataDocument, SiteList } from '../../../schemas';
import { listDocId } from './listQueries';

export interface Writer {
  db: ReplicaDatabase;
  owner: string;
}

const listPath = (siteId: number, fieldKey: string) => `/lists/${siteId}/${encodeURIComponent(fieldKey)}`;
const changed = (list: SiteList, items: ListItem[]) => ({
  collection: 'sitedata' as const, key: listDocId(list.SiteId, list.FieldKey), kind: 'patch' as const, fields: { data: { ...list, ListItems: items } },
});

export function createList({ db, owner }: Writer, siteId: number, fieldKey: string, first: ListItem): Promise<OutboxEntry> {
  const doc: SiteDataDocument = { id: listDocId(siteId, fieldKey), type: 'list', data: { SiteId: siteId, FieldKey: fieldKey, ListItems: [first] }, DateChanged: new Date().toISOString() };
  return appendToOutbox(db, owner, {
    method: 'POST', path: `${listPath(siteId, fieldKey)}?Mode=create`, body: [first], label: `Add the list ${fieldKey}`,
    effects: [{ collection: 'sitedata', key: doc.id, kind: 'create', fields: doc }],
  });
}

export const deleteList = ({ db, owner }: Writer, list: SiteList) =>
  appendToOutbox(db, owner, {
    method: 'DELETE', path: listPath(list.SiteId, list.FieldKey), label: `Delete the list ${list.FieldKey}`,
    effects: [{ collection: 'sitedata', key: listDocId(list.SiteId, list.FieldKey), kind: 'delete', fields: {} }],
  });

export const addItem = ({ db, owner }: Writer, list: SiteList, item: ListItem) =>
  appendToOutbox(db, owner, {
    method: 'POST', path: `${listPath(list.SiteId, list.FieldKey)}?Mode=add`, body: [item], label: `Add ${item.Label} to the list ${list.FieldKey}`,
    effects: [changed(list, [...list.ListItems, item])],
  });

/** An item edited in place; with a new Value it replaces the old one where it stood. */
export const editItem = ({ db, owner }: Writer, list: SiteList, previous: string, item: ListItem) =>
  appendToOutbox(db, owner, {
    method: 'POST', path: `${listPath(list.SiteId, list.FieldKey)}?Replace=${encodeURIComponent(previous)}`, body: [item],
    label: `Change ${previous} in the list ${list.FieldKey}`,
    effects: [changed(list, list.ListItems.map((i) => (i.Value === previous ? item : i)))],
  });

export const deleteItem = ({ db, owner }: Writer, list: SiteList, value: string) =>
  appendToOutbox(db, owner, {
    method: 'DELETE', path: `${listPath(list.SiteId, list.FieldKey)}/${encodeURIComponent(value)}`, label: `Delete ${value} from the list ${list.FieldKey}`,
    effects: [changed(list, list.ListItems.filter((i) => i.Value !== value))],
  });
