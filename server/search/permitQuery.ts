import { MAX_SEARCH_TERMS } from '../../domain/constants';
import type { PermitSearchBody } from '../../schemas';
import { badRequest } from '../http/errors';
import { KEYWORD_FIELDS, PERMIT_TYPE_FIELD, RANGE_FIELDS, RESULT_WINDOW, SEARCH_WEIGHTS, SORT_FIELDS, TEXT_FIELDS } from './permitFields';

/** A search body translated to SQL over `permits p`: conditions, the score expression, the order. */
export interface PermitSql {
  where: string[];
  params: unknown[];
  /** Sum over the scoring terms of the best weight among the fields each matched; null when the search does not rank. */
  score: string | null;
  /** ORDER BY over the ranked window `h` (columns of SORT_FIELDS and `score`). */
  order: string;
  byScore: boolean;
  from: number;
  size: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Refuses a shape by where it is, so the sender knows what to change. */
const refuse = (path: string, what: string) => badRequest(`${path}: ${what}`);

const escapeRegex = (s: string) => s.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * A phrase-prefix term (SPEC §9) as a case-insensitive regular expression: its words in order,
 * the first starting a word, the last a prefix ("weld tu" finds "Weld tube support"); and a LIKE
 * pattern the trigram index can answer, to find the candidates the expression then checks.
 */
export function phrasePrefix(term: string): { regex: string; like: string } {
  const words = term.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const start = /^\w/.test(words[0] ?? '') ? '\\m' : '';
  return { regex: start + words.map(escapeRegex).join('\\s+'), like: `%${words.map(escapeLike).join('%')}%` };
}

class Translator {
  readonly params: unknown[] = [];
  /** Each scoring term's expression, made only when the search ranks: its parameters are used nowhere else. */
  readonly scores: (() => string)[] = [];
  termCount = 0;

  param(value: unknown, cast = ''): string {
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }

  /** One clause of the query; `scoring` is true in a must (its terms rank), false in filter and must_not. */
  clause(node: unknown, path: string, scoring: boolean): string {
    if (!isObject(node)) throw refuse(path, 'each query clause must be an object such as {"term": {...}}.');
    const keys = Object.keys(node);
    if (keys.length !== 1) throw refuse(path, `a clause holds exactly one query type, not ${keys.length === 0 ? 'none' : keys.join(', ')}.`);
    const [kind] = keys as [string];
    const body = node[kind];
    const at = `${path}.${kind}`;
    switch (kind) {
      case 'bool':
        return this.bool(body, at, scoring);
      case 'match_all':
        if (!isObject(body) || Object.keys(body).length > 0) throw refuse(at, 'match_all takes an empty object.');
        return 'true';
      case 'term':
        return this.term(body, at);
      case 'terms':
        return this.terms(body, at);
      case 'range':
        return this.range(body, at);
      case 'exists':
        return this.exists(body, at);
      case 'multi_match':
        return this.multiMatch(body, at, scoring);
      case 'match_phrase_prefix':
        return this.matchPhrasePrefix(body, at, scoring);
      default:
        throw refuse(path, `the query type "${kind}" is not supported; use bool, term, terms, range, exists, multi_match (phrase_prefix), match_phrase_prefix or match_all.`);
    }
  }

  bool(body: unknown, at: string, scoring: boolean): string {
    if (!isObject(body)) throw refuse(at, 'bool takes an object with must, filter or must_not.');
    const parts: string[] = [];
    for (const [key, value] of Object.entries(body)) {
      const clauses = list(value).map((c, i) => ({ c, p: `${at}.${key}${Array.isArray(value) ? `[${i}]` : ''}` }));
      if (key === 'must' || key === 'filter') parts.push(...clauses.map(({ c, p }) => this.clause(c, p, scoring && key === 'must')));
      else if (key === 'must_not') parts.push(...clauses.map(({ c, p }) => `not (${this.clause(c, p, false)})`));
      else throw refuse(at, `"${key}" is not supported in bool; use must, filter or must_not.`);
    }
    return parts.length ? parts.map((p) => `(${p})`).join(' and ') : 'true';
  }

  field(body: unknown, at: string, what: string): [string, unknown] {
    if (!isObject(body) || Object.keys(body).length !== 1) throw refuse(at, `${what} takes one field, as {"State": ...}.`);
    return Object.entries(body)[0] as [string, unknown];
  }

  keyword(name: string, at: string) {
    const field = KEYWORD_FIELDS[name.replace(/\.keyword$/, '')];
    if (!field) throw refuse(at, `"${name}" cannot be filtered on; use one of ${[...Object.keys(KEYWORD_FIELDS), PERMIT_TYPE_FIELD].join(', ')}.`);
    return field;
  }

  value(raw: unknown, type: 'text' | 'int', at: string): string | number {
    if (type === 'int') {
      const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw refuse(at, 'this field holds whole numbers.');
      return n;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') throw refuse(at, 'the value must be a string or a number.');
    if (String(raw).length > 200) throw refuse(at, 'the value must be at most 200 characters long.');
    return String(raw);
  }

  term(body: unknown, at: string): string {
    const [name, raw] = this.field(body, at, 'term');
    const value = isObject(raw) ? raw.value : raw;
    if (isObject(raw) && Object.keys(raw).some((k) => k !== 'value')) throw refuse(`${at}.${name}`, 'a term takes only "value".');
    if (name === PERMIT_TYPE_FIELD) return `p.permit_types @> jsonb_build_array(jsonb_build_object('Name', ${this.param(this.value(value, 'text', at))}::text))`;
    const field = this.keyword(name, at);
    return `${field.column} = ${this.param(this.value(value, field.type, `${at}.${name}`), field.type === 'int' ? '::int' : '::text')}`;
  }

  terms(body: unknown, at: string): string {
    const [name, raw] = this.field(body, at, 'terms');
    if (!Array.isArray(raw) || raw.length > 1000) throw refuse(`${at}.${name}`, 'terms takes a list of at most 1,000 values.');
    if (name === PERMIT_TYPE_FIELD) {
      const values = raw.map((v) => this.value(v, 'text', at));
      return `exists (select from jsonb_array_elements(p.permit_types) t where t ->> 'Name' = any(${this.param(values, '::text[]')}))`;
    }
    const field = this.keyword(name, at);
    const values = raw.map((v) => this.value(v, field.type, `${at}.${name}`));
    return `${field.column} = any(${this.param(values, field.type === 'int' ? '::int[]' : '::text[]')})`;
  }

  exists(body: unknown, at: string): string {
    if (!isObject(body) || typeof body.field !== 'string' || Object.keys(body).length !== 1) throw refuse(at, 'exists takes {"field": name}.');
    const field = this.keyword(body.field, at);
    return field.type === 'int' ? `${field.column} is not null` : `coalesce(${field.column}, '') <> ''`;
  }

  range(body: unknown, at: string): string {
    const [name, bounds] = this.field(body, at, 'range');
    const field = RANGE_FIELDS[name];
    if (!field) throw refuse(at, `"${name}" cannot take a range; use ${Object.keys(RANGE_FIELDS).join(', ')}.`);
    if (!isObject(bounds) || Object.keys(bounds).length === 0) throw refuse(`${at}.${name}`, 'a range takes gte, gt, lte or lt.');
    const parts: string[] = [];
    for (const [op, raw] of Object.entries(bounds)) {
      const where = `${at}.${name}.${op}`;
      if (op === 'format' || op === 'time_zone') throw refuse(where, `"${op}" is not supported: dates are YYYY-MM-DD (UTC) or ISO timestamps.`);
      if (!['gte', 'gt', 'lte', 'lt'].includes(op)) throw refuse(where, `"${op}" is not a range bound; use gte, gt, lte or lt.`);
      parts.push(this.bound(field, op, raw, where));
    }
    return parts.join(' and ');
  }

  /** A date alone covers its whole day (UTC): lte 2026-11-25 includes the 25th, gt excludes it. */
  bound(field: { column: string; type: 'timestamp' | 'date' }, op: string, raw: unknown, where: string): string {
    const sqlOp = { gte: '>=', gt: '>', lte: '<=', lt: '<' }[op]!;
    if (typeof raw !== 'string') throw refuse(where, 'a bound is a date written as YYYY-MM-DD, an ISO timestamp or "now".');
    // A real calendar day: JavaScript reads 2026-02-30 as 2 March, PostgreSQL refuses it.
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) && new Date(raw).toISOString().slice(0, 10) === raw;
    if (field.type === 'date') {
      if (!dateOnly) throw refuse(where, 'workDate bounds are dates written as YYYY-MM-DD.');
      return `${field.column} <> '' and ${field.column} ${sqlOp} ${this.param(raw, '::text')}`;
    }
    if (raw === 'now') return `${field.column} ${sqlOp} now()`;
    if (dateOnly) {
      const day = this.param(raw, '::date');
      if (op === 'gte' || op === 'lt') return `${field.column} ${sqlOp} ${day}::timestamp at time zone 'UTC'`;
      return `${field.column} ${op === 'lte' ? '<' : '>='} (${day} + 1)::timestamp at time zone 'UTC'`;
    }
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(raw) || Number.isNaN(Date.parse(raw))) {
      throw refuse(where, 'a bound is a date written as YYYY-MM-DD, an ISO timestamp or "now".');
    }
    // Sent as JavaScript read it, so a day PostgreSQL would refuse (30 February) cannot make a 500.
    return `${field.column} ${sqlOp} ${this.param(new Date(raw).toISOString(), '::timestamptz')}`;
  }

  /** A term of a must counts towards the 3 of SPEC §9; a filter's (issuer, receiver) does not rank and does not count. */
  searchTerm(query: unknown, at: string, scoring: boolean): { regex: string; like: string } {
    if (typeof query !== 'string' || !query.trim()) throw refuse(at, 'a search term must be non-empty text.');
    if (query.length > 200) throw refuse(at, 'a search term must be at most 200 characters long.');
    if (scoring) this.termCount += 1;
    if (this.termCount > MAX_SEARCH_TERMS) throw refuse(at, `at most ${MAX_SEARCH_TERMS} search terms can be combined.`);
    return phrasePrefix(query);
  }

  /** Fields with boosts, as "workLocation^5"; without a list, the six of SPEC §9 with their weights. */
  boostedFields(raw: unknown, at: string): [string, number][] {
    if (raw === undefined) return Object.entries(SEARCH_WEIGHTS);
    if (!Array.isArray(raw) || raw.length === 0) throw refuse(`${at}.fields`, 'fields is a non-empty list such as ["workLocation^5"].');
    return raw.map((f, i) => {
      const match = typeof f === 'string' ? /^([A-Za-z.]+?)(?:\.keyword)?(?:\^(\d+(?:\.\d+)?))?$/.exec(f) : null;
      if (!match || !(match[1]! in TEXT_FIELDS)) {
        throw refuse(`${at}.fields[${i}]`, `"${String(f)}" cannot be searched; use ${Object.keys(TEXT_FIELDS).join(', ')} (with ^boost).`);
      }
      return [match[1]!, match[2] === undefined ? 1 : Number(match[2])];
    });
  }

  textCondition(fields: [string, number][], term: { regex: string; like: string }, scoring: boolean): string {
    const regex = this.param(term.regex, '::text');
    const weighted = Object.keys(SEARCH_WEIGHTS);
    const coversSearchText = fields.length === weighted.length && weighted.every((w) => fields.some(([f]) => f === w));
    const matches = fields.map(([f]) => `${TEXT_FIELDS[f]} ~* ${regex}`);
    if (scoring) {
      this.scores.push(() => {
        // The LIKE first: cheap, and false for most fields, so the expression runs only where it may match.
        const like = this.param(term.like, '::text');
        const best = fields.map(([f, boost]) => `case when ${TEXT_FIELDS[f]} ilike ${like} and ${TEXT_FIELDS[f]} ~* ${regex} then ${boost} else 0 end`);
        return best.length === 1 ? best[0]! : `greatest(${best.join(', ')})`;
      });
    }
    // The six weighted fields are one indexed column; a term in other fields is checked field by field.
    // The expression alone, not beside a LIKE: the planner takes the two as independent and, for a
    // broad term, expects a sixth of the matches there are, sorting them all (1.4 s at a million
    // permits) instead of reading the newest first until the window is full (0.4 s).
    if (coversSearchText) return `p.search_text ~ ${regex}`;
    const prefilter = fields.every(([f]) => weighted.includes(f)) ? `p.search_text ~ ${regex} and ` : '';
    return `${prefilter}(${matches.join(' or ')})`;
  }

  multiMatch(body: unknown, at: string, scoring: boolean): string {
    if (!isObject(body)) throw refuse(at, 'multi_match takes {"query", "type": "phrase_prefix", "fields"}.');
    for (const key of Object.keys(body)) {
      if (!['query', 'type', 'fields', 'operator'].includes(key)) throw refuse(`${at}.${key}`, `"${key}" is not supported in multi_match.`);
    }
    if (body.type !== 'phrase_prefix') throw refuse(`${at}.type`, 'only "phrase_prefix" multi_match is supported (SPEC §9).');
    if (body.operator !== undefined && String(body.operator).toLowerCase() !== 'and') throw refuse(`${at}.operator`, 'only "and" is supported.');
    const fields = this.boostedFields(body.fields, at);
    return this.textCondition(fields, this.searchTerm(body.query, `${at}.query`, scoring), scoring);
  }

  matchPhrasePrefix(body: unknown, at: string, scoring: boolean): string {
    const [name, raw] = this.field(body, at, 'match_phrase_prefix');
    const query = isObject(raw) ? raw.query : raw;
    if (isObject(raw) && Object.keys(raw).some((k) => k !== 'query')) throw refuse(`${at}.${name}`, 'match_phrase_prefix takes only "query".');
    const [field] = this.boostedFields([name], at);
    return this.textCondition([field!], this.searchTerm(query, `${at}.${name}`, scoring), scoring);
  }
}

/** The sort of SPEC §7 bodies: "_score", "CreatedOn", {"CreatedOn": "desc"} or {"CreatedOn": {"order": "desc"}}. */
function orderOf(sort: PermitSearchBody['sort'], scored: boolean): { order: string; byScore: boolean } {
  const items = sort === undefined ? (scored ? ['_score', { CreatedOn: 'desc' }] : [{ CreatedOn: 'desc' }]) : list(sort);
  const parts: string[] = [];
  let byScore = false;
  items.forEach((item, i) => {
    const at = `sort[${i}]`;
    let name: string;
    let direction: unknown;
    if (typeof item === 'string') [name, direction] = [item, item === '_score' ? 'desc' : 'asc'];
    else if (isObject(item) && Object.keys(item).length === 1) {
      [name, direction] = Object.entries(item)[0]!;
      if (isObject(direction)) {
        if (Object.keys(direction).some((k) => k !== 'order')) throw refuse(`${at}.${name}`, 'a sort takes only "order".');
        direction = direction.order;
      }
    } else throw refuse(at, 'a sort is a field name or {"field": "asc" | "desc"}.');
    if (direction !== 'asc' && direction !== 'desc') throw refuse(`${at}.${name}`, 'the order is "asc" or "desc".');
    if (name === '_score') {
      byScore = scored;
      if (scored) parts.push(`h.score ${direction}`);
      return;
    }
    const column = SORT_FIELDS[name];
    if (!column) throw refuse(at, `"${name}" cannot be sorted on; use _score, ${Object.keys(SORT_FIELDS).join(', ')}.`);
    parts.push(`h.${column} ${direction}`);
  });
  // A stable order, so pages neither repeat nor skip a permit.
  parts.push('h.created_on desc', 'h.permit_instance_id desc');
  return { order: parts.join(', '), byScore };
}

/**
 * Translates a search body (already checked at the top level by PermitSearchBody) into SQL over
 * `permits p`, with the user's scope as the first condition. Anything outside the subset the app
 * uses is refused with a 400 naming where it is.
 */
export function translateSearch(body: PermitSearchBody, viewable: readonly number[]): PermitSql {
  const t = new Translator();
  const where = ['not p.deleted', `p.location_id = any(${t.param(viewable, '::int[]')})`];
  if (body.query !== undefined) where.push(t.clause(body.query, 'query', true));
  const from = body.from ?? 0;
  const size = body.size ?? 10;
  if (from + size > RESULT_WINDOW) throw refuse('from + size', `a search reaches at most the first ${RESULT_WINDOW.toLocaleString('en-US')} results; narrow the search.`);
  const { order, byScore } = orderOf(body.sort, t.scores.length > 0);
  const score = byScore ? t.scores.map((make) => make()).join(' + ') : null;
  return { where, params: t.params, score, order, byScore, from, size };
}
