/**
 * Every permit and draft change the screens make, each one outbox entry (DESIGN.md §4.2): the
 * request of SPEC §7 plus the effect the lists show until the server's version is pulled.
 */
import * as Y from 'yjs';
import { derivedFields } from '../../../domain/permits/derived';
import { approvalSteps } from '../../../domain/permits/definition';
import { initialApprovalRecords } from '../../../domain/permits/approvals';
import { settle } from '../../../domain/permits/lifecycle';
import type { PlotPlanPosition } from '../../../domain/plotPlans';
import { genesisDoc, toBase64, type ContentJson } from '../../../domain/permits/yContent';
import { appendToOutbox, newId } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { ApprovalAction, Location, LocationMetadata, Permit, PermitDefinition } from '../../../schemas';
import { contentPath } from './permitQueries';

export interface Writer {
  db: ReplicaDatabase;
  owner: string;
}

export interface DraftToSave {
  id: string;
  doc: Y.Doc;
  content: ContentJson;
  definitionId: string;
  locationId: number;
  siteId: number;
}

export async function saveDraft({ db, owner }: Writer, draft: DraftToSave): Promise<void> {
  const now = new Date().toISOString();
  const ContentState = toBase64(Y.encodeStateAsUpdate(draft.doc));
  const fields = {
    PermitInstanceId: draft.id, PermitContent: draft.content, ContentState, PermitDefinitionId: draft.definitionId,
    LocationId: draft.locationId, SiteId: draft.siteId, LastUpdatedOn: now, DateChanged: now,
  };
  await appendToOutbox(db, owner, {
    method: 'POST',
    path: `/permits/draft/${encodeURIComponent(draft.id)}`,
    body: { PermitInstanceId: draft.id, PermitContent: draft.content, ContentState, PermitDefinitionId: draft.definitionId, LocationId: draft.locationId, SiteId: draft.siteId },
    label: 'Save a draft permit',
    effects: [{ collection: 'drafts', key: draft.id, kind: 'create', fields }],
  });
}

export const deleteDraft = ({ db, owner }: Writer, id: string) =>
  appendToOutbox(db, owner, {
    method: 'DELETE',
    path: `/permits/draft/${encodeURIComponent(id)}`,
    label: 'Delete a draft permit',
    effects: [{ collection: 'drafts', key: id, kind: 'delete', fields: {} }],
  });

export interface NewPermit {
  id: string;
  permitType: string;
  content: ContentJson;
  definition: PermitDefinition;
  metadata: LocationMetadata;
  locationId: number;
  locationTitle: string;
  siteId: number;
  personnelId: number;
  /** The work location chosen on the plot plan, when the site has one. */
  position?: PlotPlanPosition;
}

/**
 * Creates and submits one permit of one type (POST /permitcontentofdef, Submit). Its first Yjs
 * state goes with it, so edits made before the server answers merge onto the same document.
 * The overlay shows it at once with 'TBD' as reference and the state the server will give it.
 */
export async function createPermit({ db, owner }: Writer, p: NewPermit): Promise<void> {
  const ContentState = toBase64(Y.encodeStateAsUpdate(genesisDoc(p.content)));
  const now = new Date().toISOString();
  const meta = p.definition.DefinitionMetadataJSON;
  const initial = p.metadata.InitialPermitInstanceMetadata as Partial<Permit['PermitInstanceMetadataJSON']>;
  const instanceMetadata = { UsersOfGroupList: initial.UsersOfGroupList ?? [], AvailablePermits: initial.AvailablePermits ?? [] };
  const records = initialApprovalRecords(approvalSteps(meta, [p.permitType]), newId);
  const [Latitude, Longitude] = p.position ?? [null, null];
  // validUntil is the server's, for its timeout job; the permit document has no such field.
  const derived: Partial<ReturnType<typeof derivedFields>> = derivedFields(p.content, meta, instanceMetadata, p.locationTitle);
  delete derived.validUntil;
  const permit: Permit = {
    PermitInstanceId: p.id, PermitInstanceReferenceId: 'TBD', PermitDefinitionId: p.definition.PermitDefinitionId,
    State: settle('PRE-APPROVAL', records), ContentJSON: p.content, ContentState, PermitInstanceMetadataJSON: instanceMetadata,
    CreatedBy: p.personnelId, CreatedOn: now, DateChanged: now, SiteId: p.siteId, LocationId: p.locationId, Latitude, Longitude,
    EffectiveDate: null, EndStateDescription: null, approvalRequired: records.length > 0,
    permitTypes: [{ Name: p.permitType, Label: formTitle(p.definition, p.permitType) }], ...(derived as Omit<ReturnType<typeof derivedFields>, 'validUntil'>),
  };
  await appendToOutbox(db, owner, {
    method: 'POST',
    path: '/permitcontentofdef',
    body: { PermitInstanceId: p.id, PermitDefinitionId: p.definition.PermitDefinitionId, LocationId: p.locationId, ContentJSON: JSON.stringify(p.content), ContentState, Latitude, Longitude, Submit: true },
    label: `Create a ${formTitle(p.definition, p.permitType)} permit`,
    effects: [
      { collection: 'permits', key: p.id, kind: 'create', fields: permit },
      // The draft of the same id becomes this permit (the server deletes it too).
      { collection: 'drafts', key: p.id, kind: 'delete', fields: {} },
    ],
  });
}

/** The title of a permit type's form ('Hot Work'), its name when the form has none. */
export function formTitle(definition: PermitDefinition, permitType: string): string {
  const form = definition.DefinitionMetadataJSON.Forms.find((f) => f.PermitType === permitType);
  const title = (definition.Forms[form?.Name ?? permitType] as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : permitType;
}

/** One Yjs update of the content (DESIGN.md §5): the server merges it and refuses fields not editable in the state. */
export const patchContent = ({ db, owner }: Writer, id: string, update: Uint8Array, content: ContentJson) =>
  appendToOutbox(db, owner, {
    method: 'PATCH',
    path: contentPath(id),
    body: { update: toBase64(update) },
    label: 'Edit a permit',
    effects: [{ collection: 'permits', key: id, kind: 'patch', fields: { ContentJSON: content } }],
  });

const transition = (w: Writer, path: string, body: object, label: string, id: string, fields: Partial<Permit> = {}) =>
  appendToOutbox(w.db, w.owner, { method: 'POST', path, body, label, effects: [{ collection: 'permits', key: id, kind: 'patch', fields }] });

export const submitPermit = (w: Writer, id: string) => transition(w, '/permitinstance/submit', { PermitInstanceId: id }, 'Submit a permit', id);

export const rejectPermit = (w: Writer, id: string, reason: string) =>
  transition(w, '/permitinstance/reject', { PermitInstanceId: id, reason }, 'Reject a permit', id, { State: 'REJECTED', EndStateDescription: reason });

export const revokePermit = (w: Writer, id: string, reason: string) =>
  transition(w, '/permitinstance/revoke', { PermitInstanceIds: [id], reason }, 'Revoke a permit', id, { State: 'REVOKED', EndStateDescription: reason });

/**
 * `isolations`: the ids of the certificates the permit names on this device as the approver acts
 * (approvalBasis): the server applies an Approval only while the permit names exactly those, so a
 * link queued before it and refused does not leave it approved on isolations nobody saw.
 */
export const actOnApproval = (w: Writer, id: string, approvalId: string, action: ApprovalAction, comment: string, isolations: readonly string[]) =>
  transition(
    w,
    '/permitinstance/approval',
    {
      PermitInstanceId: id, PermitApprovalId: approvalId, Action: action, ...(comment.trim() ? { Comment: comment.trim() } : {}),
      ...(action === 'Approval' ? { IsolationCertificateIds: [...isolations] } : {}),
    },
    `${action} on a permit`,
    id,
  );

/**
 * Moves a permit to another work location (PUT /permitinstance, SPEC §7). The server checks the
 * state and the edit ability at both locations; until it answers the lists show the permit there.
 * A workLocation that was only the old location's title (derived.ts falls back to it when the
 * form names no place) follows the move; one typed into the form stays.
 */
export function updateWorkLocation({ db, owner }: Writer, permit: Pick<Permit, 'PermitInstanceId' | 'workLocation'>, from: Location | undefined, to: Location) {
  const fields: Partial<Permit> = { LocationId: to.LocationId, SiteId: to.SiteId };
  if (from && permit.workLocation === from.Title) fields.workLocation = to.Title;
  return appendToOutbox(db, owner, {
    method: 'PUT',
    path: '/permitinstance',
    body: { PermitInstanceId: permit.PermitInstanceId, LocationId: to.LocationId },
    label: `Move a permit to ${to.Title}`,
    effects: [{ collection: 'permits', key: permit.PermitInstanceId, kind: 'patch', fields }],
  });
}

/**
 * Sets where on the plot plan the work is (PUT /permitinstance with Latitude and Longitude,
 * SPEC §7). The server allows it in DRAFT, PRE-APPROVAL and PENDING to editors, as for a move;
 * the map shows the marker there at once.
 */
export const updateWorkPosition = ({ db, owner }: Writer, id: string, [Latitude, Longitude]: PlotPlanPosition) =>
  appendToOutbox(db, owner, {
    method: 'PUT',
    path: '/permitinstance',
    body: { PermitInstanceId: id, Latitude, Longitude },
    label: 'Set the work location on the site map',
    effects: [{ collection: 'permits', key: id, kind: 'patch', fields: { Latitude, Longitude } }],
  });
