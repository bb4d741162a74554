import type { PermitSearchBody } from '../../schemas';
import { replicaLocations } from '../../domain/replicaScope';
import type { Queryable } from '../db/database';
import { forbidden } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { PERMIT_DOCUMENT } from '../sync/permits';
import { granteeOf, preferencesOf, type UserRecord } from '../users/users';
import { RESULT_WINDOW } from './permitFields';
import { translateSearch, type PermitSql } from './permitQuery';

/** Columns the ranked window carries: what the sorts read, and the id to join the page's documents. */
const WINDOW_COLUMNS = 'p.permit_instance_id, p.created_on, p.date_changed, p.reference_id, p.state, p.work_date, p.location_id';

/**
 * The SQL of one search: one statement answers the total (counted up to RESULT_WINDOW + 1, so
 * "gte" is known without counting everything) and the page's documents, built as JSON text.
 * Ranked by score, the window is the newest RESULT_WINDOW + 1 matches, as far as a search can page.
 */
export function searchSql(q: PermitSql): { sql: string; params: unknown[] } {
  const params = [...q.params, q.from, q.size];
  const [offset, limit] = [`$${params.length - 1}`, `$${params.length}`];
  const where = q.where.join(' and ');
  const window = q.byScore
    ? `hits as (select ${WINDOW_COLUMNS}, ${q.score} as score from permits p where ${where}
                order by p.created_on desc, p.permit_instance_id desc limit ${RESULT_WINDOW + 1}),
       page as (select * from hits h order by ${q.order} offset ${offset} limit ${limit}),
       total as (select count(*)::int as n from hits)`
    : `page as (select ${WINDOW_COLUMNS}, null::numeric as score from permits p where ${where}
                order by ${q.order.replaceAll('h.', 'p.')} offset ${offset} limit ${limit}),
       total as (select count(*)::int as n from (select from permits p where ${where} limit ${RESULT_WINDOW + 1}) c)`;
  const sql = `with ${window}
    select (select n from total) as total, (select max(score) from page)::float8 as max_score,
           coalesce((select json_agg(json_build_object('_id', h.permit_instance_id, '_score', h.score, '_source', json_build_object(${PERMIT_DOCUMENT}))
                                    order by ${q.order})
                       from page h join permits p using (permit_instance_id)), '[]')::text as hits`;
  return { sql, params };
}

/** Locations whose permits the user may find: home location and descendants with View (SPEC §6). */
export async function searchScope(db: Queryable, user: UserRecord): Promise<number[]> {
  const { viewable } = replicaLocations(granteeOf(user), await loadLocationTree(db), preferencesOf(user).HomeLocationId);
  if (viewable.length === 0) throw forbidden('You cannot search permits: you have no permission to view permits at your home location or below it.');
  return viewable;
}

/** POST /permits/search, answered as Elasticsearch does, as JSON text ready to send. */
export async function searchPermits(db: Queryable, user: UserRecord, body: PermitSearchBody): Promise<string> {
  const started = performance.now();
  const q = translateSearch(body, await searchScope(db, user));
  return runSearch(db, q, started);
}

export async function runSearch(db: Queryable, q: PermitSql, started = performance.now()): Promise<string> {
  const { sql, params } = searchSql(q);
  const [row] = await db.query<{ total: number; max_score: number | null; hits: string }>(sql, params);
  const total = row?.total ?? 0;
  const hits = row?.hits ?? '[]';
  // As Elasticsearch: sorted by a field, hits carry no score.
  const maxScore = q.byScore ? (row?.max_score ?? null) : null;
  const totalJson = JSON.stringify(total > RESULT_WINDOW ? { value: RESULT_WINDOW, relation: 'gte' } : { value: total, relation: 'eq' });
  const took = Math.round(performance.now() - started);
  return `{"took":${took},"timed_out":false,"hits":{"total":${totalJson},"max_score":${JSON.stringify(maxScore)},"hits":${hits}}}`;
}
