import { randomUUID } from 'node:crypto';
import type { CreateTemplateBody, PatchTemplateBody, Template } from '../../schemas';
import type { Location } from '../../schemas';
import type { TemplateAction } from '../../domain/templates/workflow';
import { audit } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { badRequest, conflict } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { locationMetadata } from '../locations/metadata';
import type { UserRecord } from '../users/users';
import { authorizeTemplate, templateLocation } from './access';
import { loadTemplate, templatePerson } from './records';

function requireName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest('Name is required: give the template a name.');
  return trimmed;
}

function requireContent(content: string): void {
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return;
  } catch {
    // answered below
  }
  throw badRequest('ContentJSON must be a JSON object keyed by the permit type, written as a string.');
}

/** The permit types the location's current definition offers: a permit template's FormKey must be one. */
async function permitTypesAt(tx: Queryable, location: Location): Promise<string[]> {
  const definitionId = (await locationMetadata(tx, location.LocationId))?.PermitDefinitionId;
  if (!definitionId) return [];
  const [row] = await tx.query<{ types: string[] }>(
    `select coalesce(array_agg(f ->> 'PermitType'), '{}') as types from definitions, jsonb_array_elements(metadata -> 'Forms') f where permit_definition_id = $1`,
    [definitionId],
  );
  return row?.types ?? [];
}

async function requireFormKey(tx: Queryable, type: Template['Type'], formKey: string, location: Location): Promise<void> {
  if (type !== 'permit') return;
  if (formKey === '') throw badRequest('FormKey is required: choose the permit type the template is for.');
  const types = await permitTypesAt(tx, location);
  if (!types.includes(formKey)) {
    throw badRequest(`${formKey} is not a permit type of ${location.Title}. Choose one of: ${types.join(', ') || 'none (the location has no permit definition)'}.`);
  }
}

/**
 * POST /templates: a DRAFT template under the client's id, so a resend from the outbox finds it
 * made (created false) rather than making a second one. Needs forms.edit where it belongs.
 */
export async function createTemplate(db: Database, user: UserRecord, body: CreateTemplateBody): Promise<{ created: boolean; template: Template }> {
  return db.transaction(async (tx) => {
    const id = body.PermitTemplateId ?? randomUUID();
    const [taken] = await tx.query<{ created_by: { PersonnelId: number }; deleted: boolean }>('select created_by, deleted from templates where permit_template_id = $1', [id]);
    if (taken) {
      if (taken.created_by.PersonnelId !== user.personnel_id || taken.deleted) throw conflict(`A template with id ${id} exists already. Create a new template with a new id.`);
      return { created: false, template: await loadTemplate(tx, id) };
    }
    const tree = await loadLocationTree(tx);
    const draft = { LocationId: body.LocationId ?? null, SiteId: body.SiteId, State: 'DRAFT' as const };
    const location = templateLocation(tree, draft);
    if (location.SiteId !== body.SiteId) throw badRequest(`${location.Title} is not at site ${body.SiteId}: send the SiteId of the template's location.`);
    authorizeTemplate(user, tree, draft, 'edit');
    const name = requireName(body.Name);
    requireContent(body.ContentJSON);
    await requireFormKey(tx, body.Type, body.FormKey, location);
    await tx.query(
      `insert into templates (permit_template_id, name, form_key, content, type, site_id, location_id, state, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, 'DRAFT', $8)`,
      [id, name, body.FormKey, body.ContentJSON, body.Type, body.SiteId, draft.LocationId, JSON.stringify(templatePerson(user))],
    );
    await audit(tx, user, 'template.create', { type: 'template', id, locationId: draft.LocationId }, { PermitTemplateId: id, Name: name });
    return { created: true, template: await loadTemplate(tx, id) };
  });
}

/** PATCH /templates/{id}: Name, ContentJSON and FormKey of a DRAFT; the FormKey is locked once set (SPEC §5). */
export async function patchTemplate(db: Database, user: UserRecord, id: string, body: PatchTemplateBody): Promise<Template> {
  return db.transaction(async (tx) => {
    const template = await loadTemplate(tx, id, true);
    const tree = await loadLocationTree(tx);
    authorizeTemplate(user, tree, template, 'edit');
    const name = body.Name === undefined ? template.Name : requireName(body.Name);
    if (body.ContentJSON !== undefined) requireContent(body.ContentJSON);
    let formKey = template.FormKey;
    if (body.FormKey !== undefined && body.FormKey !== template.FormKey) {
      if (template.FormKey !== '') throw conflict(`The permit type of a template is fixed once chosen (${template.FormKey}). Create a new template for another type.`);
      await requireFormKey(tx, template.Type, body.FormKey, templateLocation(tree, template));
      formKey = body.FormKey;
    }
    await tx.query('update templates set name = $2, form_key = $3, content = $4 where permit_template_id = $1', [id, name, formKey, body.ContentJSON ?? template.ContentJSON]);
    await audit(tx, user, 'template.update', { type: 'template', id, locationId: template.LocationId }, { PermitTemplateId: id, fields: Object.keys(body) });
    return loadTemplate(tx, id);
  });
}

/** DELETE /templates/{id}: only a DRAFT; the row stays as a tombstone, so every replica drops it. */
export async function deleteTemplate(db: Database, user: UserRecord, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await loadTemplate(tx, id, true);
    authorizeTemplate(user, await loadLocationTree(tx), template, 'delete');
    await tx.query('update templates set deleted = true where permit_template_id = $1', [id]);
    await audit(tx, user, 'template.delete', { type: 'template', id, locationId: template.LocationId }, { PermitTemplateId: id, Name: template.Name });
  });
}

/** POST /templates/{id}/copy: a new DRAFT of the user's with the same form and content, from a template in any state. */
export async function copyTemplate(db: Database, user: UserRecord, id: string, copyId: string = randomUUID()): Promise<{ created: boolean; template: Template }> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.query<{ created_by: { PersonnelId: number } }>('select created_by from templates where permit_template_id = $1', [copyId]);
    if (taken) {
      if (taken.created_by.PersonnelId !== user.personnel_id) throw conflict(`A template with id ${copyId} exists already. Copy again with a new id.`);
      return { created: false, template: await loadTemplate(tx, copyId) };
    }
    const source = await loadTemplate(tx, id);
    authorizeTemplate(user, await loadLocationTree(tx), source, 'copy');
    await tx.query(
      `insert into templates (permit_template_id, name, form_key, content, type, site_id, location_id, state, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, 'DRAFT', $8)`,
      [copyId, copyName(source.Name), source.FormKey, source.ContentJSON, source.Type, source.SiteId, source.LocationId, JSON.stringify(templatePerson(user))],
    );
    await audit(tx, user, 'template.copy', { type: 'template', id: copyId, locationId: source.LocationId }, { PermitTemplateId: copyId, from: id });
    return { created: true, template: await loadTemplate(tx, copyId) };
  });
}

/** The name a copy gets, within the name's length limit. */
export const copyName = (name: string) => `${name.slice(0, 193)} (copy)`;

/**
 * POST /templates/{id}/comment, /review, /approve, /reject, /discontinue: the workflow of SPEC §4
 * (domain/templates/workflow.ts decides), the comment filed with its type, ApprovedOn and
 * ApprovedBy recorded on approval.
 */
export async function actOnTemplate(db: Database, user: UserRecord, id: string, action: Extract<TemplateAction, 'comment' | 'review' | 'approve' | 'reject' | 'discontinue'>, comment: string | undefined, now: Date): Promise<Template> {
  return db.transaction(async (tx) => {
    const template = await loadTemplate(tx, id, true);
    const decision = authorizeTemplate(user, await loadLocationTree(tx), template, action, comment);
    const comments = decision.comment
      ? [...template.Comments, { Comment: decision.comment.text, CommentType: decision.comment.type, CreatedOn: now.toISOString(), CreatedBy: { PersonnelId: user.personnel_id, FirstName: user.first_name, LastName: user.last_name } }]
      : template.Comments;
    const approved = action === 'approve';
    await tx.query(
      `update templates set state = $2, comments = $3,
              approved_on = case when $4 then $5::timestamptz else approved_on end,
              approved_by = case when $4 then $6::jsonb else approved_by end
        where permit_template_id = $1`,
      [id, decision.to, JSON.stringify(comments), approved, now.toISOString(), JSON.stringify(templatePerson(user))],
    );
    await audit(tx, user, `template.${action}`, { type: 'template', id, locationId: template.LocationId }, { PermitTemplateId: id, from: template.State, to: decision.to });
    return loadTemplate(tx, id);
  });
}
