import * as Y from 'yjs';
import type { PatchContentBody } from '../../schemas';
import { definitionFields, fieldsNotEditable } from '../../domain/permits/editability';
import { applyPatchToDoc, PatchError } from '../../domain/permits/jsonPatch';
import { applyJsonToDoc, changedFields, docFromState, docToJson, fromBase64, toBase64, type ContentJson } from '../../domain/permits/yContent';
import { fieldChanges } from '../audit/fieldChanges';
import { historyAhead } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { badRequest, conflict } from '../http/errors';
import { locationMetadata } from '../locations/metadata';
import type { UserRecord } from '../users/users';
import { authorize, permitContext } from './context';
import { deriveFor, storeContent } from './contentStore';
import { loadDefinition } from './records';

/** GET /permitcontent: the content keyed by sub-form, the reference, and the Yjs state to edit from. */
export async function getContent(db: Database, user: UserRecord, id: string) {
  const context = await permitContext(db, user, id, false);
  authorize(context, 'view');
  const { permit } = context;
  return {
    PermitInstanceId: id,
    PermitNumber: permit.PermitInstanceReferenceId,
    State: permit.State,
    Content: permit.ContentJSON,
    ContentState: toBase64(permit.contentState),
    DateChanged: permit.DateChanged,
  };
}

/** Applies the body to the document; a malformed update or patch is the sender's mistake, not ours. */
function apply(doc: Y.Doc, body: PatchContentBody): void {
  try {
    if ('update' in body) Y.applyUpdate(doc, fromBase64(body.update));
    else applyPatchToDoc(doc, body.ops);
  } catch (error) {
    if (error instanceof PatchError) throw badRequest(error.message);
    throw badRequest('The update is not a Yjs update of this permit’s content: send the bytes of Y.encodeStateAsUpdate or of an update event, base64.');
  }
}

/**
 * PATCH /permitcontent (DESIGN.md §5): merges a Yjs update, or JSON Patch applied as a Yjs
 * transaction, into the permit's document; re-materialises ContentJSON and the display fields.
 * Every changed field must be editable in the permit's state (SPEC §4): JSON Patch touching
 * another is refused whole; a Yjs update is kept with those fields set back, and refused too.
 */
export async function patchContent(tx: Queryable, user: UserRecord, id: string, body: PatchContentBody) {
  const context = await permitContext(tx, user, id);
  authorize(context, 'editContent');
  const { permit } = context;
  const definition = await loadDefinition(tx, permit.PermitDefinitionId);
  const doc = docFromState(permit.contentState, permit.ContentJSON);
  const before = docToJson(doc);
  const known = Y.encodeStateVector(doc);
  apply(doc, body);
  let changed = changedFields(before, docToJson(doc));
  const metadata = await locationMetadata(tx, permit.LocationId, context.tree);
  const refused = fieldsNotEditable(changed, definitionFields(definition), {
    state: permit.State,
    canEdit: context.actor.edit,
    gasReadingsEditableWhenApproved: metadata?.GasReadingsEditableWhenApproved ?? false,
  });
  let refusal: string | undefined;
  if (refused.length > 0) {
    const message = `In state ${permit.State} these fields cannot be changed: ${refused.map((f) => `${f.label} (${f.path})`).join(', ')}.`;
    if (!('update' in body)) throw conflict(`${message} Nothing was saved.`);
    // A Yjs update is kept, with the refused fields set back: the editor's later updates build on
    // it and would otherwise never merge — everything typed after it would be lost.
    setBack(doc, before, refused.map((f) => f.path));
    refusal = `${message} They were set back; the other changes were saved.`;
    changed = changedFields(before, docToJson(doc));
  }
  // A resend, or an update already merged: nothing new to store or record.
  const pending = doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
  if (changed.length === 0 && !pending && Buffer.from(Y.encodeStateVector(doc)).equals(Buffer.from(known)) && permit.contentState.length > 0) {
    return { PermitInstanceId: id, ChangedFields: [], DateChanged: permit.DateChanged };
  }
  const derived = deriveFor(docToJson(doc), definition, permit.PermitInstanceMetadataJSON, context.locationTitle);
  const history = historyAhead(tx, user, 'permit.content', { id, locationId: permit.LocationId }, {
    PermitInstanceId: id,
    Changes: fieldChanges(before, docToJson(doc), changed),
    fields: changed,
    via: 'update' in body ? 'yjs' : 'json-patch',
    ...(refusal ? { setBack: refused.map((f) => f.path) } : {}),
  });
  const DateChanged = await storeContent(tx, id, doc, derived, history);
  return { PermitInstanceId: id, ChangedFields: changed, DateChanged, refusal };
}

/** Sets fields (`form.key`) back to their values in `before`, as one more change of the document. */
function setBack(doc: Y.Doc, before: ContentJson, paths: readonly string[]): void {
  const content = docToJson(doc);
  for (const path of paths) {
    const [form = '', key = ''] = path.split('.');
    const was = (before[form] ?? {}) as Record<string, unknown>;
    const now = { ...((content[form] ?? {}) as Record<string, unknown>) };
    if (key in was) now[key] = was[key];
    else delete now[key];
    content[form] = now;
  }
  applyJsonToDoc(doc, content);
}
