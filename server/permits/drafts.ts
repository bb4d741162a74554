import * as Y from 'yjs';
import type { Draft, SaveDraftBody } from '../../schemas';
import { applyJsonToDoc, docToJson, fromBase64, genesisDoc, toBase64, type ContentJson } from '../../domain/permits/yContent';
import { audit } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import type { UserRecord } from '../users/users';
import { editableLocation, requireDefinitionFor } from './create';
import { loadDefinition } from './records';

interface DraftRow {
  permit_instance_id: string;
  content: ContentJson;
  content_state: Uint8Array;
  permit_definition_id: string;
  location_id: number;
  site_id: number;
  last_updated_on: string;
  date_changed: string;
}

const COLUMNS = `permit_instance_id, content, content_state, permit_definition_id, location_id, site_id,
  sync_text(last_updated_on) as last_updated_on, sync_text(date_changed) as date_changed`;

const present = (r: DraftRow): Draft => ({
  PermitInstanceId: r.permit_instance_id,
  PermitContent: r.content,
  ContentState: toBase64(new Uint8Array(r.content_state)),
  PermitDefinitionId: r.permit_definition_id,
  LocationId: r.location_id,
  SiteId: r.site_id,
  LastUpdatedOn: r.last_updated_on,
  DateChanged: r.date_changed,
});

/** GET /permits/draft: the user's own drafts, newest first. */
export async function listDrafts(db: Database, user: UserRecord): Promise<Draft[]> {
  const rows = await db.query<DraftRow>(`select ${COLUMNS} from drafts where owner_personnel_id = $1 and not deleted order by last_updated_on desc`, [user.personnel_id]);
  return rows.map(present);
}

async function ownDraft(tx: Queryable, user: UserRecord, id: string): Promise<DraftRow | undefined> {
  const [row] = await tx.query<DraftRow>(`select ${COLUMNS} from drafts where permit_instance_id = $1 and owner_personnel_id = $2 and not deleted`, [id, user.personnel_id]);
  return row;
}

/** GET /permits/draft/{id}: a draft is its owner's alone. */
export async function getDraft(db: Database, user: UserRecord, id: string): Promise<Draft> {
  const row = await ownDraft(db, user, id);
  if (!row) throw notFound(`You have no draft ${id}.`);
  return present(row);
}

/** The draft's document after the save: a sent Yjs state merges with the stored one; JSON alone is applied onto it. */
function mergedDoc(stored: Uint8Array | undefined, body: SaveDraftBody): Y.Doc {
  const doc = new Y.Doc();
  try {
    if (stored && stored.length > 0) Y.applyUpdate(doc, stored);
    if (body.ContentState) {
      Y.applyUpdate(doc, fromBase64(body.ContentState));
      return doc;
    }
  } catch {
    throw badRequest('ContentState is not a Yjs state: send Y.encodeStateAsUpdate of the draft’s document, base64.');
  }
  let json: unknown = body.PermitContent;
  try {
    if (typeof json === 'string') json = JSON.parse(json);
  } catch {
    json = null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw badRequest('PermitContent must be a JSON object keyed by sub-form.');
  if (!stored || stored.length === 0) return genesisDoc(json as ContentJson);
  applyJsonToDoc(doc, json as ContentJson);
  return doc;
}

/**
 * POST /permits/draft/{id}: autosave (SPEC §4, every 20 s). Only the owner saves a draft, only
 * where they may create permits; once the permit is made from it, it cannot come back.
 */
export async function saveDraft(db: Database, user: UserRecord, id: string, body: SaveDraftBody, now: Date): Promise<Draft> {
  if (body.PermitInstanceId !== undefined && body.PermitInstanceId !== id) throw badRequest('PermitInstanceId must be the id in the path.');
  return db.transaction(async (tx) => {
    const [owner] = await tx.query<{ owner_personnel_id: number }>('select owner_personnel_id from drafts where permit_instance_id = $1', [id]);
    if (owner && owner.owner_personnel_id !== user.personnel_id) throw conflict(`Draft ${id} belongs to someone else. Save your draft under a new id.`);
    const permits = await tx.query('select 1 from permits where permit_instance_id = $1', [id]);
    if (permits.length > 0) throw conflict('This draft has been submitted as a permit already: edit the permit instead.');
    const tree = await loadLocationTree(tx);
    const location = editableLocation(tree, user, body.LocationId);
    requireDefinitionFor(tree, await loadDefinition(tx, body.PermitDefinitionId), location);
    const stored = (await ownDraft(tx, user, id))?.content_state;
    const doc = mergedDoc(stored ? new Uint8Array(stored) : undefined, body);
    await tx.query(
      `insert into drafts (permit_instance_id, owner_personnel_id, content, content_state, permit_definition_id, location_id, site_id, last_updated_on)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (permit_instance_id) do update set content = excluded.content, content_state = excluded.content_state, deleted = false,
         permit_definition_id = excluded.permit_definition_id, location_id = excluded.location_id, site_id = excluded.site_id,
         last_updated_on = excluded.last_updated_on`,
      [id, user.personnel_id, JSON.stringify(docToJson(doc)), Y.encodeStateAsUpdate(doc), body.PermitDefinitionId, location.LocationId, location.SiteId, now.toISOString()],
    );
    await audit(tx, user, 'draft.save', { type: 'draft', id, locationId: location.LocationId }, { DraftId: id, PermitDefinitionId: body.PermitDefinitionId, LocationId: location.LocationId });
    return present((await ownDraft(tx, user, id))!);
  });
}

/** DELETE /permits/draft/{id}: a tombstone, so the owner's other devices drop it too. */
export async function deleteDraft(db: Database, user: UserRecord, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.query('update drafts set deleted = true where permit_instance_id = $1 and owner_personnel_id = $2 and not deleted returning 1', [id, user.personnel_id]);
    if (deleted.length === 0) throw notFound(`You have no draft ${id}.`);
    await audit(tx, user, 'draft.delete', { type: 'draft', id }, { DraftId: id });
  });
}
