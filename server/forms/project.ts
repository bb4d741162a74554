import { randomBytes } from 'node:crypto';
import type { BuilderForm, PermitDefinition } from '../../schemas';
import type { LocationTree } from '../../domain/locations';
import type { Queryable } from '../db/database';
import { notFound } from '../http/errors';
import { loadDefinition } from '../permits/records';
import { siteRoot } from '../templates/access';

export interface FormRow {
  form_id: string;
  type: 'form' | 'resource';
  name: string;
  title: string;
  site_id: number;
  location_id: number | null;
  form: { display?: string; components?: Record<string, unknown>[] } & Record<string, unknown>;
  modified: string;
  vid: number;
  published_at: string | null;
  published_definition_id: string | null;
}

const COLUMNS = `form_id, type, name, title, site_id, location_id, form, sync_text(modified) as modified, vid,
  sync_text(published_at) as published_at, published_definition_id`;

/** A new id in Form.io's shape (a 24-digit hex ObjectId). */
export const newFormId = () => randomBytes(12).toString('hex');

/** The resources a form nests: its Form.io `form` components, by resource id. */
export function nestedIds(form: FormRow): string[] {
  const ids: string[] = [];
  const walk = (components: unknown) => {
    for (const c of (Array.isArray(components) ? components : []) as Record<string, unknown>[]) {
      if (c.type === 'form' && typeof c.form === 'string') ids.push(c.form);
      walk(c.components);
    }
  };
  walk(form.form.components);
  return ids;
}

/**
 * The builder's project starts from the definitions in use: every location whose metadata names
 * a definition gets a form (nesting that definition's sub-forms as the site's resources) the
 * first time the project is read, marked published at the definition's EffectiveDate. Idempotent;
 * later publishes go the other way, from the forms to new definitions.
 */
export async function importDefinitions(tx: Queryable, tree: LocationTree): Promise<void> {
  const missing = await tx.query<{ location_id: number; definition_id: string }>(
    `select m.location_id, m.metadata ->> 'PermitDefinitionId' as definition_id
       from location_metadata m
      where not m.deleted and m.metadata ->> 'PermitDefinitionId' is not null
        and exists (select 1 from definitions d where d.permit_definition_id = m.metadata ->> 'PermitDefinitionId' and not d.deleted)
        and not exists (select 1 from formio_forms f where f.type = 'form' and f.location_id = m.location_id)
      order by m.location_id`,
  );
  for (const { location_id, definition_id } of missing) {
    const location = tree.byId.get(location_id);
    if (!location) continue;
    const definition = await loadDefinition(tx, definition_id);
    const nested = [];
    for (const entry of definition.DefinitionMetadataJSON.Forms) {
      const resourceId = await ensureResource(tx, location.SiteId, entry.Name, definition);
      const title = (definition.Forms[entry.Name] as { title?: unknown } | undefined)?.title;
      nested.push({ type: 'form', key: entry.ContentsPath, label: typeof title === 'string' ? title : entry.Name, form: resourceId, input: true, tableView: true });
    }
    await tx.query(
      `insert into formio_forms (form_id, type, name, title, site_id, location_id, form, modified, published_at, published_definition_id)
       values ($1, 'form', $2, $3, $4, $5, $6, $7, $7, $8) on conflict do nothing`,
      [newFormId(), `permits${location_id}`, `${location.Title} Permits`, location.SiteId, location_id, JSON.stringify({ display: 'form', components: nested }), definition.EffectiveDate, definition_id],
    );
  }
}

async function ensureResource(tx: Queryable, siteId: number, name: string, definition: PermitDefinition): Promise<string> {
  const document = (definition.Forms[name] ?? { components: [] }) as Record<string, unknown>;
  const title = typeof document.title === 'string' ? document.title : name;
  await tx.query(
    `insert into formio_forms (form_id, type, name, title, site_id, form, modified) values ($1, 'resource', $2, $3, $4, $5, $6)
     on conflict (site_id, type, name) do nothing`,
    [newFormId(), name, title, siteId, JSON.stringify(document), definition.EffectiveDate],
  );
  const [row] = await tx.query<{ form_id: string }>(`select form_id from formio_forms where site_id = $1 and type = 'resource' and name = $2`, [siteId, name]);
  return row!.form_id;
}

export async function loadForms(tx: Queryable): Promise<FormRow[]> {
  return tx.query<FormRow>(`select ${COLUMNS} from formio_forms order by site_id, type, title`);
}

export async function loadForm(tx: Queryable, formId: string, lock = false): Promise<FormRow> {
  const [row] = await tx.query<FormRow>(`select ${COLUMNS} from formio_forms where form_id = $1${lock ? ' for update' : ''}`, [formId]);
  if (!row) throw notFound(`There is no form with id ${formId}. Refresh the list of forms.`);
  return row;
}

/** Where a form is administered: a form at the location it publishes for, a resource at its site's top level. */
export function formLocation(tree: LocationTree, form: FormRow): number {
  return form.location_id ?? siteRoot(tree, form.site_id)?.LocationId ?? -1;
}

/** The builder's view of the project: each form and resource with its publish status (SPEC §4). */
export function presentForms(rows: readonly FormRow[]): BuilderForm[] {
  const forms = rows.filter((r) => r.type === 'form');
  const nesting = new Map(forms.map((f) => [f.form_id, nestedIds(f)]));
  return rows.map((r) => {
    const related = r.type === 'form' ? (nesting.get(r.form_id) ?? []) : forms.filter((f) => nesting.get(f.form_id)?.includes(r.form_id)).map((f) => f.form_id);
    const publishes = r.type === 'form' ? [r.published_at] : forms.filter((f) => related.includes(f.form_id)).map((f) => f.published_at);
    const published = publishes.length > 0 && publishes.every((at) => at !== null && at >= r.modified);
    const { display, components } = r.form;
    return {
      _id: r.form_id,
      title: r.title,
      name: r.name,
      path: r.name.toLowerCase(),
      type: r.type,
      modified: r.modified,
      project: 'openpermit',
      _vid: r.vid,
      properties: { SiteId: r.site_id, ...(r.location_id === null ? {} : { LocationId: r.location_id }) },
      display: typeof display === 'string' ? display : 'form',
      components: Array.isArray(components) ? components : [],
      publishedAt: r.published_at,
      publishedDefinitionId: r.published_definition_id,
      status: published ? 'Published' : 'Not Published',
      related,
    };
  });
}

