/**
 * Every template change the screens make, each one outbox entry (DESIGN.md §4.2): the request of
 * SPEC §7 plus the effect the list shows until the server's version is pulled.
 */
import { appendToOutbox, newId } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { OutboxEntry, Template, UserProfile } from '../../../schemas';
import type { TemplateAction } from '../../../domain/templates/workflow';

export interface Writer {
  db: ReplicaDatabase;
  owner: string;
  profile: UserProfile;
}

const path = (id: string, action = '') => `/templates/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
const person = (p: UserProfile) => ({ PersonnelId: p.PersonnelId, FirstName: p.FirstName, LastName: p.LastName, EmailAddress: p.EmailAddress });

export interface NewTemplate {
  Name: string;
  FormKey: string;
  ContentJSON: string;
  Type: Template['Type'];
  SiteId: number;
  LocationId: number | null;
}

/** POST /templates under an id made here, so the editor can open it before the server answers. */
export async function createTemplate({ db, owner, profile }: Writer, t: NewTemplate): Promise<{ id: string; entry: OutboxEntry }> {
  const id = newId();
  const now = new Date().toISOString();
  const doc: Template = { PermitTemplateId: id, ...t, State: 'DRAFT', ApprovedOn: null, ApprovedBy: null, CreatedBy: person(profile), Comments: [], DateChanged: now };
  const entry = await appendToOutbox(db, owner, {
    method: 'POST',
    path: '/templates',
    body: { PermitTemplateId: id, ...t },
    label: `Create the template ${t.Name}`,
    effects: [{ collection: 'templates', key: id, kind: 'create', fields: doc }],
  });
  return { id, entry };
}

/** PATCH /templates/{id}: only the fields that changed. */
export const updateTemplate = ({ db, owner }: Writer, id: string, changes: Partial<Pick<Template, 'Name' | 'FormKey' | 'ContentJSON'>>) =>
  appendToOutbox(db, owner, {
    method: 'PATCH',
    path: path(id),
    body: changes,
    label: `Update the template ${changes.Name ?? ''}`.trim(),
    effects: [{ collection: 'templates', key: id, kind: 'patch', fields: changes }],
  });

export const deleteTemplate = ({ db, owner }: Writer, t: Template) =>
  appendToOutbox(db, owner, {
    method: 'DELETE',
    path: path(t.PermitTemplateId),
    label: `Delete the template ${t.Name}`,
    effects: [{ collection: 'templates', key: t.PermitTemplateId, kind: 'delete', fields: {} }],
  });

/** POST /templates/{id}/copy, naming the copy, so it opens in the editor at once (SPEC §4). */
export async function copyTemplate({ db, owner, profile }: Writer, t: Template): Promise<{ id: string; entry: OutboxEntry }> {
  const id = newId();
  const copy: Template = {
    ...t, PermitTemplateId: id, Name: `${t.Name.slice(0, 193)} (copy)`, State: 'DRAFT', ApprovedOn: null, ApprovedBy: null,
    CreatedBy: person(profile), Comments: [], DateChanged: new Date().toISOString(),
  };
  const entry = await appendToOutbox(db, owner, {
    method: 'POST',
    path: path(t.PermitTemplateId, 'copy'),
    body: { PermitTemplateId: id },
    label: `Copy the template ${t.Name}`,
    effects: [{ collection: 'templates', key: id, kind: 'create', fields: copy }],
  });
  return { id, entry };
}

const NEXT: Partial<Record<TemplateAction, Template['State']>> = { review: 'REVIEW', approve: 'APPROVED', reject: 'DRAFT', discontinue: 'DISCONTINUED' };
const LABELS: Partial<Record<TemplateAction, string>> = { review: 'Submit for review', approve: 'Approve', reject: 'Reject', discontinue: 'Discontinue', comment: 'Comment on' };
const COMMENT_TYPES: Partial<Record<TemplateAction, Template['Comments'][number]['CommentType']>> = {
  review: 'Review', approve: 'Approval', reject: 'Rejection', discontinue: 'Discontinue', comment: 'General',
};

/** POST /templates/{id}/comment, /review, /approve, /reject, /discontinue, with the comment when one was typed. */
export function actOnTemplate({ db, owner, profile }: Writer, t: Template, action: 'comment' | 'review' | 'approve' | 'reject' | 'discontinue', comment: string) {
  const text = comment.trim();
  const fields: Partial<Template> = {};
  if (NEXT[action]) fields.State = NEXT[action];
  if (text) {
    const { PersonnelId, FirstName, LastName } = profile;
    fields.Comments = [...t.Comments, { Comment: text, CommentType: COMMENT_TYPES[action]!, CreatedOn: new Date().toISOString(), CreatedBy: { PersonnelId, FirstName, LastName } }];
  }
  if (action === 'approve') Object.assign(fields, { ApprovedOn: new Date().toISOString(), ApprovedBy: person(profile) });
  return appendToOutbox(db, owner, {
    method: 'POST',
    path: path(t.PermitTemplateId, action),
    body: text ? { Comment: text } : {},
    label: `${LABELS[action]} the template ${t.Name}`,
    effects: [{ collection: 'templates', key: t.PermitTemplateId, kind: 'patch', fields }],
  });
}
