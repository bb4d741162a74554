import { randomUUID } from 'node:crypto';
import type { CreatePermitBody, Permit, UpdatePermitInstanceBody } from '../../schemas';
import { definitionFields } from '../../domain/permits/editability';
import { docFromState, fromBase64, genesisDoc, type ContentJson } from '../../domain/permits/yContent';
import { audit } from '../audit/record';
import type { Database } from '../db/database';
import { badRequest, conflict } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { locationMetadata } from '../locations/metadata';
import { remoteSettings } from '../settings/settings';
import type { UserRecord } from '../users/users';
import { deriveFor } from './contentStore';
import { authorize, permitContext } from './context';
import { editableLocation, insertPermit, movableLocation, requireDefinitionFor } from './create';
import { loadDefinition, loadPermit, toDocument } from './records';
import { applyChange } from './transitions';

function parseContent(body: CreatePermitBody): ContentJson {
  if (typeof body.ContentJSON !== 'string') return body.ContentJSON;
  try {
    const parsed: unknown = JSON.parse(body.ContentJSON);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as ContentJson;
  } catch {
    // answered below
  }
  throw badRequest('ContentJSON must be a JSON object keyed by sub-form.');
}

function contentDoc(body: CreatePermitBody) {
  if (!body.ContentState) return genesisDoc(parseContent(body));
  try {
    return docFromState(fromBase64(body.ContentState), {});
  } catch {
    throw badRequest('ContentState is not a Yjs state: send Y.encodeStateAsUpdate of the permit’s document, base64.');
  }
}

/**
 * POST /permitcontentofdef: creates the permit under the client's id, so a resend of the same
 * request finds it made (200) rather than making a second one; `Submit` submits it at once.
 * A draft of the same id is done with and deleted.
 */
export async function createPermit(db: Database, user: UserRecord, body: CreatePermitBody, now: Date): Promise<{ created: boolean; permit: Permit }> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.query<{ created_by: number; deleted: boolean }>('select created_by, deleted from permits where permit_instance_id = $1', [body.PermitInstanceId]);
    if (taken) {
      if (taken.created_by !== user.personnel_id || taken.deleted) throw conflict(`A permit with id ${body.PermitInstanceId} exists already. Create a new permit with a new id.`);
      return { created: false, permit: toDocument(await loadPermit(tx, body.PermitInstanceId)) };
    }
    const tree = await loadLocationTree(tx);
    const location = editableLocation(tree, user, body.LocationId);
    const definition = await loadDefinition(tx, body.PermitDefinitionId);
    requireDefinitionFor(tree, definition, location);
    await insertPermit(tx, user, { id: body.PermitInstanceId, definition, location, doc: contentDoc(body), latitude: body.Latitude, longitude: body.Longitude }, now);
    if (body.Submit) {
      const context = await permitContext(tx, user, body.PermitInstanceId);
      await applyChange(tx, context, { to: authorize(context, 'submit'), action: 'permit.submit' }, now);
    }
    await tx.query('update drafts set deleted = true where permit_instance_id = $1 and owner_personnel_id = $2 and not deleted', [body.PermitInstanceId, user.personnel_id]);
    return { created: true, permit: toDocument(await loadPermit(tx, body.PermitInstanceId)) };
  });
}

/** The fields a copy takes: the description of the work, never readings, signatures, approvals or the close-out. */
function copiedContent(source: ContentJson, fields: ReturnType<typeof definitionFields>): ContentJson {
  const copy: ContentJson = {};
  for (const [form, data] of Object.entries(source)) {
    if (typeof data !== 'object' || data === null) continue;
    const kept = Object.entries(data).filter(([key]) => fields.get(`${form}.${key}`)?.fieldClass === 'general');
    if (kept.length > 0) copy[form] = Object.fromEntries(kept);
  }
  return copy;
}

/**
 * POST /permitinstance/copy: a new DRAFT from a permit that is not a draft, on the location's
 * current definition; DefinitionIsLatest is false when the source used an older one, whose
 * fields the current definition lacks are not copied (SPEC §8 stale-definition warning).
 */
export async function copyPermit(db: Database, user: UserRecord, id: string, now: Date): Promise<{ PermitInstance: Permit; DefinitionIsLatest: boolean }> {
  return db.transaction(async (tx) => {
    const context = await permitContext(tx, user, id, false);
    const metadata = await locationMetadata(tx, context.permit.LocationId, context.tree);
    const settings = await remoteSettings(tx);
    authorize(context, 'copy', { copyEnabled: (metadata?.CopyEnabled ?? false) && settings.copyEnabled });
    const latestId = metadata?.PermitDefinitionId ?? context.permit.PermitDefinitionId;
    const definition = await loadDefinition(tx, latestId);
    const location = editableLocation(context.tree, user, context.permit.LocationId);
    const copyId = randomUUID();
    const doc = genesisDoc(copiedContent(context.permit.ContentJSON, definitionFields(definition)));
    await insertPermit(tx, user, { id: copyId, definition, location, doc, latitude: context.permit.Latitude, longitude: context.permit.Longitude }, now, { copiedFrom: id });
    return { PermitInstance: toDocument(await loadPermit(tx, copyId)), DefinitionIsLatest: latestId === context.permit.PermitDefinitionId };
  });
}

/**
 * PUT /permitinstance: the work location (LocationId, or Latitude and Longitude on the plot plan)
 * changes only in DRAFT, PRE-APPROVAL or PENDING and only by editors (SPEC §4); a move needs the
 * edit ability at the new location too, and takes its approval groups.
 */
export async function updatePermitInstance(db: Database, user: UserRecord, body: UpdatePermitInstanceBody): Promise<Permit> {
  if (body.LocationId === undefined && (body.Latitude === undefined || body.Longitude === undefined)) {
    throw badRequest('Send a LocationId, or both Latitude and Longitude.');
  }
  return db.transaction(async (tx) => {
    const context = await permitContext(tx, user, body.PermitInstanceId);
    authorize(context, 'changeLocation');
    const changes: Record<string, unknown> = {};
    if (body.LocationId !== undefined && body.LocationId !== context.permit.LocationId) {
      const definition = await loadDefinition(tx, context.permit.PermitDefinitionId);
      const location = movableLocation(context.tree, user, body.LocationId, definition);
      const groups = ((await locationMetadata(tx, location.LocationId))?.InitialPermitInstanceMetadata.UsersOfGroupList ?? []) as Permit['PermitInstanceMetadataJSON']['UsersOfGroupList'];
      // The display fields that come from the location: its title stands in for an empty work location, and the
      // issuer and receiver are named through the new location's group lists.
      const metadata = { ...context.permit.PermitInstanceMetadataJSON, UsersOfGroupList: groups };
      const derived = deriveFor(context.permit.ContentJSON, definition, metadata, location.Title);
      await tx.query(
        `update permits set location_id = $2, site_id = $3, metadata = metadata || jsonb_build_object('UsersOfGroupList', $4::jsonb),
                work_location = $5, permit_issuer = $6, permit_receiver = $7
          where permit_instance_id = $1`,
        [body.PermitInstanceId, location.LocationId, location.SiteId, JSON.stringify(groups), derived.workLocation, derived.permitIssuer, derived.permitReceiver],
      );
      changes.LocationId = { from: context.permit.LocationId, to: location.LocationId };
    }
    if (body.Latitude !== undefined && body.Longitude !== undefined) {
      await tx.query('update permits set latitude = $2, longitude = $3 where permit_instance_id = $1', [body.PermitInstanceId, body.Latitude, body.Longitude]);
      changes.Position = { Latitude: body.Latitude, Longitude: body.Longitude };
    }
    await audit(tx, user, 'permit.location', { type: 'permit', id: body.PermitInstanceId }, { PermitInstanceId: body.PermitInstanceId, ...changes });
    return toDocument(await loadPermit(tx, body.PermitInstanceId));
  });
}
