/**
 * The Elasticsearch query DSL of SPEC §7, as far as work-order search uses it, translated to SQL
 * over the indexed columns of migration 006. Pure; anything it cannot read is a 400 naming it.
 */
import { badRequest } from '../http/errors';

type Json = Record<string, unknown>;

interface FieldInfo {
  column: string;
  kind: 'text' | 'int' | 'array' | 'time';
  /** Weight of a query_string hit in this field, in the score. */
  weight?: number;
}

const FIELDS: Record<string, FieldInfo> = {
  workOrderNumber: { column: 'work_order_number', kind: 'text', weight: 3 },
  workOrderDescription: { column: 'description', kind: 'text', weight: 1 },
  workOrderStatus: { column: 'status', kind: 'array' },
  assetNumber: { column: 'asset_number', kind: 'text', weight: 2 },
  assetDescription: { column: 'asset_description', kind: 'text', weight: 1 },
  orderType: { column: 'order_type', kind: 'text' },
  plantCode: { column: 'plant_code', kind: 'text' },
  revisionNumber: { column: 'revision_number', kind: 'text' },
  equipmentNumber: { column: 'equipment_number', kind: 'text' },
  scheduledStart: { column: 'scheduled_start', kind: 'time' },
  siteId: { column: 'site_id', kind: 'int' },
  sourceSystem: { column: 'source_system', kind: 'text' },
  workCenterName: { column: 'work_center_name', kind: 'text' },
};

/** The fields a query_string searches when it names none (SPEC §7): number, description and asset number. */
const DEFAULT_TEXT_FIELDS = ['workOrderNumber', 'workOrderDescription', 'assetNumber'];
/** Their joined expression, which the trigram index of migration 006 covers. */
const TEXT_INDEXED = `(work_order_number || E'\\n' || asset_number || E'\\n' || description)`;

function field(name: string): FieldInfo {
  const info = FIELDS[name.replace(/\.keyword$/, '').replace(/\^[\d.]+$/, '')];
  if (!info) throw badRequest(`Work orders cannot be searched by '${name}'. Use one of: ${Object.keys(FIELDS).join(', ')}.`);
  return info;
}

export interface Translation {
  where: string;
  /** An SQL expression of the relevance score, '0' when nothing scores. */
  score: string;
  params: unknown[];
  /** Sites the query names, which must be the user's own. */
  sites: number[];
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The one key of a clause like `{ term: {...} }`. */
function single(clause: unknown, what: string): [string, unknown] {
  if (!isObject(clause) || Object.keys(clause).length !== 1) throw badRequest(`Each ${what} must be an object with one key, such as { "term": { "siteId": 1 } }.`);
  return Object.entries(clause)[0]!;
}

/** A LIKE pattern of one query_string term: `*` and `?` are wildcards, a backslash makes the next character plain. */
export function termPattern(term: string): string {
  let out = '%';
  const plain = (c: string) => (out += /[%_\\]/.test(c) ? `\\${c}` : c);
  for (let i = 0; i < term.length; i += 1) {
    const c = term[i]!;
    if (c === '\\' && i + 1 < term.length) plain(term[++i]!);
    else if (c === '*') out += out.endsWith('%') && !out.endsWith('\\%') ? '' : '%';
    else if (c === '?') out += '_';
    else plain(c);
  }
  return out.endsWith('%') && !out.endsWith('\\%') ? out : `${out}%`;
}

/** Terms of a query_string: whitespace separates them unless escaped or quoted; AND/OR/NOT words are dropped. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < query.length; i += 1) {
    const c = query[i]!;
    if (c === '\\' && i + 1 < query.length) {
      current += c + query[i + 1];
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (/\s/.test(c) && !quoted) {
      terms.push(current);
      current = '';
    } else current += /\s/.test(c) ? `\\${c}` : c;
  }
  terms.push(current);
  return terms.filter((t) => t && !['AND', 'OR', 'NOT', '&&', '||'].includes(t));
}

/** A date of a range: YYYY-MM-DD, an ISO instant, or now with Elasticsearch's ±Nd and /d rounding. */
function instant(value: unknown, name: string, now: Date): string {
  if (typeof value === 'string') {
    const math = /^now(?:([+-])(\d+)([dhmw]))?(\/d)?$/.exec(value);
    if (math) {
      const unit = { d: 86_400_000, h: 3_600_000, m: 60_000, w: 604_800_000 }[(math[3] ?? 'd') as 'd'];
      const at = new Date(now.getTime() + (math[1] === '-' ? -1 : 1) * Number(math[2] ?? 0) * unit);
      if (math[4]) at.setUTCHours(0, 0, 0, 0);
      return at.toISOString();
    }
    if (!Number.isNaN(Date.parse(value))) return new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();
  }
  throw badRequest(`The range on ${name} needs dates as YYYY-MM-DD, ISO timestamps or now-Nd, not ${JSON.stringify(value)}.`);
}

/** Translates one query; `now` is passed in for date math. */
export function translate(query: Json | undefined, now: Date): Translation {
  const params: unknown[] = [];
  const sites: number[] = [];
  const scores: string[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  const equals = (name: string, value: unknown): string => {
    const info = field(name);
    if (Array.isArray(value) || isObject(value) || value === null || value === undefined) throw badRequest(`A term on ${name} needs one value.`);
    if (info.kind === 'int') {
      if (!Number.isInteger(Number(value))) throw badRequest(`${name} is a number: ${JSON.stringify(value)} is not.`);
      if (name === 'siteId') sites.push(Number(value));
      return `${info.column} = ${p(Number(value))}::int`;
    }
    if (info.kind === 'array') return `status @> array[${p(String(value))}::text]`;
    if (info.kind === 'time') return `${info.column} = ${p(instant(value, name, now))}::timestamptz`;
    // A number asked for as a number finds the order whatever leading zeros SAP gave it (SPEC §5).
    if (info.column === 'work_order_number' && typeof value === 'number') return `ltrim(work_order_number, '0') = ${p(String(value).replace(/^0+/, ''))}`;
    return `${info.column} = ${p(String(value))}`;
  };

  const anyOf = (name: string, values: unknown): string => {
    if (!Array.isArray(values)) throw badRequest(`terms on ${name} needs a list of values.`);
    if (values.length === 0) return 'false';
    const info = field(name);
    if (info.kind === 'array') return `status && ${p(values.map(String))}::text[]`;
    return `(${values.map((v) => equals(name, v)).join(' or ')})`;
  };

  const range = (name: string, bounds: unknown): string => {
    const info = field(name);
    if (!isObject(bounds)) throw badRequest(`range on ${name} needs bounds such as { "gte": "2026-01-01" }.`);
    const ops: Record<string, string> = { gte: '>=', gt: '>', lte: '<=', lt: '<' };
    const parts = Object.entries(bounds)
      .filter(([op]) => op !== 'format' && op !== 'time_zone')
      .map(([op, value]) => {
        if (!ops[op]) throw badRequest(`range on ${name} knows gte, gt, lte and lt, not ${op}.`);
        if (info.kind === 'time') return `${info.column} ${ops[op]} ${p(instant(value, name, now))}::timestamptz`;
        if (info.kind === 'int') return `${info.column} ${ops[op]} ${p(Number(value))}::int`;
        return `${info.column} ${ops[op]} ${p(String(value))}`;
      });
    return parts.length ? `(${parts.join(' and ')})` : 'true';
  };

  const textMatch = (fields: string[], query: unknown, operator: unknown, scoring: boolean): string => {
    if (typeof query !== 'string' && typeof query !== 'number') throw badRequest('A text query needs a "query" text.');
    const names = fields.map((f) => f.replace(/\^[\d.]+$/, '').replace(/\.keyword$/, ''));
    const infos = names.map(field);
    if (infos.some((i) => i.kind !== 'text')) throw badRequest(`Text queries search text fields only: ${names.join(', ')}.`);
    const terms = queryTerms(String(query));
    if (terms.length === 0) return 'true';
    const indexed = [...names].sort().join() === [...DEFAULT_TEXT_FIELDS].sort().join();
    const clauses = terms.map((term) => {
      const pattern = p(termPattern(term));
      if (scoring) scores.push(...infos.map((i) => `(case when ${i.column} ilike ${pattern} then ${i.weight ?? 1} else 0 end)`));
      return indexed ? `${TEXT_INDEXED} ilike ${pattern}` : `(${infos.map((i) => `${i.column} ilike ${pattern}`).join(' or ')})`;
    });
    const digits = String(query).trim();
    if (scoring && names.includes('workOrderNumber') && /^\d{1,30}$/.test(digits)) {
      // The order whose number is the text itself comes first. Digits only, so written into the
      // SQL: a parameter only the score used would leave the count's query with an untyped one.
      scores.push(`(case when ltrim(work_order_number, '0') = '${digits.replace(/^0+/, '')}' then 10 else 0 end)`);
    }
    const or = typeof operator === 'string' && operator.toUpperCase() === 'OR';
    return `(${clauses.join(or ? ' or ' : ' and ')})`;
  };

  const clause = (node: unknown, scoring: boolean): string => {
    const [kind, body] = single(node, 'query clause');
    if (kind === 'match_all') return 'true';
    if (kind === 'bool') return bool(body, scoring);
    if (kind === 'query_string' || kind === 'simple_query_string') {
      if (!isObject(body)) throw badRequest(`${kind} needs { "query": "…" }.`);
      const fields = body.fields === undefined ? DEFAULT_TEXT_FIELDS : body.fields;
      if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string')) throw badRequest(`${kind}.fields must be a list of field names.`);
      return textMatch(fields, body.query, body.default_operator ?? 'OR', scoring);
    }
    const [name, value] = single(body, kind);
    switch (kind) {
      case 'term':
        return equals(name, isObject(value) ? value.value : value);
      case 'terms':
        return anyOf(name, value);
      case 'range':
        return range(name, value);
      case 'match':
      case 'match_phrase':
      case 'match_phrase_prefix':
        return textMatch([name], isObject(value) ? value.query : value, isObject(value) ? (value.operator ?? 'AND') : 'AND', scoring);
      default:
        throw badRequest(`Work-order search does not know the query clause '${kind}': use bool, term, terms, range, match or query_string.`);
    }
  };

  const list = (value: unknown): unknown[] => {
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  };

  const bool = (body: unknown, scoring: boolean): string => {
    if (!isObject(body)) throw badRequest('bool needs an object of must, filter, should and must_not clauses.');
    const unknown = Object.keys(body).filter((k) => !['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost'].includes(k));
    if (unknown.length) throw badRequest(`bool does not know '${unknown[0]}': use must, filter, should or must_not.`);
    const must = list(body.must).map((c) => clause(c, scoring));
    const filter = list(body.filter).map((c) => clause(c, false));
    const should = list(body.should).map((c) => clause(c, scoring));
    const mustNot = list(body.must_not).map((c) => clause(c, false));
    const parts = [...must, ...filter];
    const required = body.minimum_should_match !== undefined ? Number(body.minimum_should_match) >= 1 : parts.length === 0;
    if (should.length && required) parts.push(`(${should.join(' or ')})`);
    if (mustNot.length) parts.push(`not (${mustNot.join(' or ')})`);
    return parts.length ? `(${parts.join(' and ')})` : 'true';
  };

  const where = query === undefined || Object.keys(query).length === 0 ? 'true' : clause(query, true);
  return { where, score: scores.length ? scores.join(' + ') : '0', params, sites };
}

/** Newest scheduled first: the order after the body's sort, and which matches a ranking scores. */
export const NEWEST = 'scheduled_start desc, site_id, work_order_number';

/** The ORDER BY of a body's sort: by score (SPEC §7) unless told otherwise, then newest first; `byScore` when the score is a key. */
export function orderBy(sort: unknown[] | undefined): { order: string; byScore: boolean } {
  let byScore = false;
  const keys = (sort ?? ['_score']).map((entry) => {
    const [name, spec] = typeof entry === 'string' ? [entry, undefined] : single(entry, 'sort entry');
    const direction = (isObject(spec) ? spec.order : spec) ?? (name === '_score' ? 'desc' : 'asc');
    if (direction !== 'asc' && direction !== 'desc') throw badRequest(`Sort ${name} by asc or desc, not ${JSON.stringify(direction)}.`);
    if (name === '_score') byScore = true;
    return `${name === '_score' ? 'score' : field(name).column} ${direction}`;
  });
  return { order: [...keys, NEWEST].join(', '), byScore };
}
