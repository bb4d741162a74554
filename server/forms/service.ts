import { randomBytes } from 'node:crypto';
import type { BuilderForm, PermitDefinition, SaveFormBody } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import type { LocationTree } from '../../domain/locations';
import { audit } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { badRequest, forbidden } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { loadDefinition } from '../permits/records';
import type { ObjectStore } from '../storage/objectStore';
import { granteeOf, type UserRecord } from '../users/users';
import { formLocation, importDefinitions, loadForm, loadForms, nestedIds, presentForms, type FormRow } from './project';

type FormsAbility = 'view' | 'edit';

const can = (user: UserRecord, tree: LocationTree, locationId: number, ability: FormsAbility) => abilitiesAt(granteeOf(user), tree, locationId).forms[ability];

function requireForms(user: UserRecord, tree: LocationTree, locationId: number, ability: FormsAbility): void {
  if (can(user, tree, locationId, ability)) return;
  const title = tree.byId.get(locationId)?.Title ?? `location ${locationId}`;
  throw forbidden(ability === 'edit' ? `You do not have permission to edit or publish forms at ${title}.` : `You do not have permission to view forms at ${title}.`);
}

/** The form lists are for those who may view forms somewhere (SPEC §6: permission 84); others are refused outright. */
function requireFormsSomewhere(user: UserRecord, tree: LocationTree): void {
  if (![...tree.byId.keys()].some((id) => can(user, tree, id, 'view'))) throw forbidden('You do not have permission to view forms at any location.');
}

/** GET /formio/forms: the forms and resources of the sites where the user may view forms (SPEC §6: permission 84). */
export async function listForms(db: Database, user: UserRecord): Promise<BuilderForm[]> {
  return db.transaction(async (tx) => {
    const tree = await loadLocationTree(tx);
    await importDefinitions(tx, tree);
    requireFormsSomewhere(user, tree);
    const rows = await loadForms(tx);
    return presentForms(rows).filter((f, i) => can(user, tree, formLocation(tree, rows[i]!), 'view'));
  });
}

/** PUT /formio/forms/{formId}: the builder's save; the form is Not Published until the next publish. */
export async function saveForm(db: Database, user: UserRecord, formId: string, body: SaveFormBody): Promise<BuilderForm> {
  return db.transaction(async (tx) => {
    const tree = await loadLocationTree(tx);
    const form = await loadForm(tx, formId, true);
    requireForms(user, tree, formLocation(tree, form), 'edit');
    const keys = new Set<string>();
    for (const c of body.components) {
      if (typeof c.key === 'string' && keys.has(c.key)) throw badRequest(`Two components of ${form.title} have the key ${c.key}: every field needs its own key.`);
      if (typeof c.key === 'string') keys.add(c.key);
    }
    const document = { ...form.form, display: body.display ?? form.form.display ?? 'form', components: body.components, ...(body.title ? { title: body.title } : {}) };
    await tx.query(`update formio_forms set form = $2, title = $3, modified = now(), vid = vid + 1 where form_id = $1`, [formId, JSON.stringify(document), body.title ?? form.title]);
    await audit(tx, user, 'form.save', { type: 'form', id: formId }, { formId, title: body.title ?? form.title });
    const rows = await loadForms(tx);
    return presentForms(rows).find((f) => f._id === formId)!;
  });
}

/** The Forms entries of a definition's metadata from the forms it holds: one per sub-form, keeping what is known of each. */
function formsMetadata(forms: Record<string, unknown>, previous: PermitDefinition['DefinitionMetadataJSON']['Forms'], keys: Record<string, string> = {}) {
  return Object.keys(forms).map((name) => {
    const known = previous.find((f) => f.Name === name);
    return { ContentsPath: keys[name] ?? known?.ContentsPath ?? name, Name: name, PermitType: known?.PermitType ?? name };
  });
}

/**
 * PUT /formio/publish/{formId}: turns a form and the resources it nests into a new version of its
 * location's permit definition, effective now, and points the location at it. Permits made
 * before keep the definition they were made with; new ones get this one; a copy of an older one
 * says its definition is stale. The location metadata's change brings it to every device's sync.
 */
export async function publishForm(db: Database, objects: ObjectStore, user: UserRecord, formId: string, now: Date): Promise<PermitDefinition> {
  const definition = await db.transaction(async (tx) => {
    const tree = await loadLocationTree(tx);
    await importDefinitions(tx, tree);
    const form = await loadForm(tx, formId, true);
    if (form.type !== 'form' || form.location_id === null) throw badRequest(`${form.title} is a resource: publish a form that nests it.`);
    requireForms(user, tree, form.location_id, 'edit');
    const previous = await currentDefinition(tx, form);
    const resources = new Map((await loadForms(tx)).map((r) => [r.form_id, r]));
    const forms: Record<string, unknown> = {};
    const keys: Record<string, string> = {};
    for (const component of nestedComponents(form)) {
      const resource = resources.get(component.form);
      if (!resource || resource.type !== 'resource' || resource.site_id !== form.site_id) throw badRequest(`${form.title} nests a resource that is not one of its site's (${component.form}). Remove it and publish again.`);
      forms[resource.name] = { ...resource.form, name: resource.name, title: resource.title };
      keys[resource.name] = component.key || resource.name;
    }
    if (Object.keys(forms).length === 0) throw badRequest(`${form.title} nests no resources: add the permit forms to it before publishing.`);
    const id = `${form.name}-v${form.vid + 1}-${randomBytes(3).toString('hex')}`.slice(0, 60);
    const metadata = { ...(previous?.DefinitionMetadataJSON ?? { Approvals: [], KeysList: [], CustomFieldPathList: [] }), Forms: formsMetadata(forms, previous?.DefinitionMetadataJSON.Forms ?? [], keys) };
    const s3Key = `definitions/${id}.json`;
    await tx.query(
      'insert into definitions (permit_definition_id, location_id, effective_date, metadata, s3_key, forms) values ($1, $2, $3, $4, $5, $6)',
      [id, form.location_id, now.toISOString(), JSON.stringify(metadata), s3Key, JSON.stringify(forms)],
    );
    await tx.query(
      `update location_metadata set metadata = metadata || jsonb_build_object('PermitDefinitionId', $2::text) where location_id = $1`,
      [form.location_id, id],
    );
    await tx.query('update formio_forms set published_at = $2, published_definition_id = $3, vid = vid + 1 where form_id = $1', [formId, now.toISOString(), id]);
    await audit(tx, user, 'form.publish', { type: 'definition', id }, { formId, PermitDefinitionId: id, previous: previous?.PermitDefinitionId ?? null });
    return loadDefinition(tx, id);
  });
  // The definition's file, as DefinitionJSONS3Key names it; the database row is what the app reads.
  await objects.put(definition.DefinitionJSONS3Key, new TextEncoder().encode(JSON.stringify(definition)), 'application/json');
  return definition;
}

function nestedComponents(form: FormRow): { form: string; key: string }[] {
  const ids = nestedIds(form);
  const found: { form: string; key: string }[] = [];
  const walk = (components: unknown) => {
    for (const c of (Array.isArray(components) ? components : []) as Record<string, unknown>[]) {
      if (c.type === 'form' && typeof c.form === 'string' && ids.includes(c.form)) found.push({ form: c.form, key: typeof c.key === 'string' ? c.key : '' });
      walk(c.components);
    }
  };
  walk(form.form.components);
  return found;
}

async function currentDefinition(tx: Queryable, form: FormRow): Promise<PermitDefinition | null> {
  const [row] = await tx.query<{ id: string | null }>(`select metadata ->> 'PermitDefinitionId' as id from location_metadata where location_id = $1`, [form.location_id]);
  const id = row?.id ?? form.published_definition_id;
  return id ? loadDefinition(tx, id).catch(() => null) : null;
}

/** GET /permitdefinitions: every version of the definitions of locations where the user may view forms, newest first. */
export async function listDefinitions(db: Database, user: UserRecord): Promise<PermitDefinition[]> {
  const tree = await loadLocationTree(db);
  requireFormsSomewhere(user, tree);
  const rows = await db.query<{ id: string; location_id: number }>('select permit_definition_id as id, location_id from definitions where not deleted order by location_id, effective_date desc');
  const visible = rows.filter((r) => can(user, tree, r.location_id, 'view'));
  return Promise.all(visible.map((r) => loadDefinition(db, r.id)));
}

/** PATCH /definition/{id}/metadata: rebuilds the Forms of DefinitionMetadataJSON from the forms the definition holds (forms.edit). */
export async function rebuildMetadata(db: Database, user: UserRecord, definitionId: string): Promise<PermitDefinition> {
  return db.transaction(async (tx) => {
    const definition = await loadDefinition(tx, definitionId);
    requireForms(user, await loadLocationTree(tx), definition.LocationId, 'edit');
    const metadata = { ...definition.DefinitionMetadataJSON, Forms: formsMetadata(definition.Forms, definition.DefinitionMetadataJSON.Forms) };
    await tx.query('update definitions set metadata = $2 where permit_definition_id = $1', [definitionId, JSON.stringify(metadata)]);
    await audit(tx, user, 'definition.metadata', { type: 'definition', id: definitionId }, { PermitDefinitionId: definitionId });
    return loadDefinition(tx, definitionId);
  });
}
