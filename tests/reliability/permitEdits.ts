/**
 * A contractor's offline work on permits, as the permit screens queue it (src/features/permits/
 * permitWrites.ts): a permit created under the device's id with its first Yjs state, content
 * edits as Yjs updates of that document, a submit. Each is one outbox request.
 */
import * as Y from 'yjs';
import { applyJsonToDoc, docToJson, genesisDoc, toBase64, type ContentJson } from '../../domain/permits/yContent';
import type { OutboxRequest } from '../../replication/outbox';
import { newId } from '../../replication/outbox';
import { permitContent } from '../server/permitFactories';

/** Atmospheric Distillation, where the demo contractor may create and edit permits. */
export const CONTRACTOR_LOCATION = 111;

export interface EditedPermit {
  id: string;
  doc: Y.Doc;
  create: OutboxRequest;
}

/** A hot work permit made on the device (kept a draft, so its content stays editable). */
export function newPermit(jobDescription: string): EditedPermit {
  const id = newId();
  const content = permitContent('HotWork', { jobDescription }) as ContentJson;
  const doc = genesisDoc(content);
  const create: OutboxRequest = {
    method: 'POST',
    path: '/permitcontentofdef',
    body: { PermitInstanceId: id, PermitDefinitionId: 'bayport-permits-v2', LocationId: CONTRACTOR_LOCATION, ContentJSON: JSON.stringify(content), ContentState: toBase64(Y.encodeStateAsUpdate(doc)), Submit: false },
    label: 'Create a Hot Work permit',
    effects: [{ collection: 'permits', key: id, kind: 'create', fields: {} }],
  };
  return { id, doc, create };
}

/** One edit of a HotWork field, as the editor sends it: the Yjs update from the document's last state. */
export function editField(permit: EditedPermit, field: string, value: unknown): OutboxRequest {
  const before = Y.encodeStateVector(permit.doc);
  const content = docToJson(permit.doc);
  applyJsonToDoc(permit.doc, { ...content, HotWork: { ...(content.HotWork as object), [field]: value } });
  return {
    method: 'PATCH',
    path: `/permitcontent?PermitInstanceId=${encodeURIComponent(permit.id)}`,
    body: { update: toBase64(Y.encodeStateAsUpdate(permit.doc, before)) },
    label: 'Edit a permit',
    effects: [{ collection: 'permits', key: permit.id, kind: 'patch', fields: { ContentJSON: docToJson(permit.doc) } }],
  };
}

export const submit = (permit: EditedPermit): OutboxRequest => ({
  method: 'POST',
  path: '/permitinstance/submit',
  body: { PermitInstanceId: permit.id },
  label: 'Submit a permit',
  effects: [{ collection: 'permits', key: permit.id, kind: 'patch', fields: {} }],
});
