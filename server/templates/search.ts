import type { Template, TemplateSearchBody, TemplateSearchClause, TemplateSearchResponse } from '../../schemas';
import { TEMPLATE_SEARCH_FIELDS } from '../../schemas';
import { TEMPLATE_SEARCH_SIZE } from '../../domain/constants';
import type { Database } from '../db/database';
import { badRequest } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import type { UserRecord } from '../users/users';
import { formsActor, templateLocation } from './access';
import { presentTemplate, TEMPLATE_COLUMNS, type TemplateRow } from './records';

type Field = (typeof TEMPLATE_SEARCH_FIELDS)[number] | 'CreatedOn';
const COLUMNS: Record<Field, { column: string; numeric?: boolean }> = {
  PermitTemplateId: { column: 'permit_template_id' },
  LocationId: { column: 'location_id', numeric: true },
  SiteId: { column: 'site_id', numeric: true },
  Type: { column: 'type' },
  State: { column: 'state' },
  FormKey: { column: 'form_key' },
  Name: { column: 'name' },
  CreatedOn: { column: 'created_on' },
};

/** `Name.keyword` is Elasticsearch's exact form of Name: the same column here. */
function fieldOf(name: string, sortable = false): { column: string; numeric?: boolean } {
  const field = name.replace(/\.keyword$/, '') as Field;
  const known = COLUMNS[field];
  if (!known || (field === 'CreatedOn' && !sortable)) {
    throw badRequest(`Templates cannot be searched by ${name}. Use ${TEMPLATE_SEARCH_FIELDS.join(', ')}.`);
  }
  return known;
}

type Scalar = string | number | boolean;

function valueFor(field: { numeric?: boolean }, name: string, value: Scalar): string | number {
  if (!field.numeric) return String(value);
  const n = Number(value);
  if (!Number.isInteger(n)) throw badRequest(`${name} is a number: search it with a whole number, not "${String(value)}".`);
  return n;
}

const unwrap = (v: Scalar | { value: Scalar } | { query: Scalar }): Scalar =>
  typeof v === 'object' ? ('value' in v ? v.value : v.query) : v;

/** One clause as SQL, its parameters appended to `params`. */
function clauseSql(clause: TemplateSearchClause, params: unknown[]): string[] {
  const parts: string[] = [];
  const equal = (entries: [string, Scalar | { value: Scalar } | { query: Scalar }][]) => {
    for (const [name, raw] of entries) {
      const field = fieldOf(name);
      params.push(valueFor(field, name, unwrap(raw)));
      parts.push(`${field.column} = $${params.length}`);
    }
  };
  equal(Object.entries(clause.term ?? {}));
  equal(Object.entries(clause.match ?? {}));
  for (const [name, values] of Object.entries(clause.terms ?? {})) {
    const field = fieldOf(name);
    params.push(values.map((v) => valueFor(field, name, v)));
    parts.push(`${field.column} = any($${params.length})`);
  }
  return parts;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function orderBy(sort: TemplateSearchBody['sort']): string {
  const parts = (sort ?? []).flatMap((entry) => {
    if (typeof entry === 'string') return [`${fieldOf(entry, true).column} asc`];
    return Object.entries(entry).map(([name, order]) => `${fieldOf(name, true).column} ${(typeof order === 'string' ? order : order.order) === 'desc' ? 'desc' : 'asc'}`);
  });
  return [...parts, 'lower(name) asc', 'created_on asc', 'permit_template_id asc'].join(', ');
}

/**
 * POST /templates/search: the query DSL subset the app sends (SPEC §7: a term query on LocationId
 * and Type sorted by Name, or on PermitTemplateId), in Elasticsearch's response shape. Only
 * templates of locations where the user has forms.view are found.
 */
export async function searchTemplates(db: Database, user: UserRecord, body: TemplateSearchBody): Promise<TemplateSearchResponse> {
  const params: unknown[] = [];
  const query = body.query ?? {};
  const where = [
    ...clauseSql({ term: query.term, terms: query.terms, match: query.match }, params),
    ...[...list(query.bool?.must), ...list(query.bool?.filter)].flatMap((c) => clauseSql(c, params)),
  ];
  const rows = await db.query<TemplateRow>(
    `select ${TEMPLATE_COLUMNS} from templates where not deleted${where.map((w) => ` and ${w}`).join('')} order by ${orderBy(body.sort)}`,
    params,
  );
  const tree = await loadLocationTree(db);
  const visible = rows.map(presentTemplate).filter((t: Template) => {
    const location = tree.byId.get(t.LocationId ?? -1) ?? (t.LocationId === null ? safeLocation(tree, t) : undefined);
    return location !== undefined && formsActor(user, tree, location.LocationId).view;
  });
  const from = body.from ?? 0;
  const size = Math.min(body.size ?? TEMPLATE_SEARCH_SIZE, TEMPLATE_SEARCH_SIZE);
  return {
    hits: {
      total: { value: visible.length, relation: 'eq' },
      hits: visible.slice(from, from + size).map((t) => ({ _id: t.PermitTemplateId, _source: t })),
    },
  };
}

function safeLocation(tree: Parameters<typeof templateLocation>[0], t: Template) {
  try {
    return templateLocation(tree, t);
  } catch {
    return undefined;
  }
}
