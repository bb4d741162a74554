import type { WorkOrderSearchBody, WorkOrderSearchResponse } from '../../schemas';
import type { Queryable } from '../db/database';
import { forbidden } from '../http/errors';
import { presentWorkOrder, WORK_ORDER_COLUMNS, type WorkOrderRow } from './document';
import { NEWEST, orderBy, translate } from './searchQuery';

/** Totals are exact up to this many and reported as a lower bound beyond, as Elasticsearch does (DESIGN.md §6). */
const TOTAL_CAP = 10_000;
const DEFAULT_SIZE = 10;

interface HitRow extends WorkOrderRow {
  score: number;
}

/**
 * POST /workorders/search (SPEC §7) over the sites the user may see. A query naming another
 * site is refused rather than quietly answered with nothing.
 */
export async function searchWorkOrders(db: Queryable, sites: number[], body: WorkOrderSearchBody, now = new Date()): Promise<WorkOrderSearchResponse> {
  const started = Date.now();
  if (sites.length === 0) throw forbidden('You may not view work orders at any site: ask for permission to view permits at your site.');
  const t = translate(body.query, now);
  const foreign = t.sites.find((s) => !sites.includes(s));
  if (foreign !== undefined) throw forbidden(`You may not view work orders of site ${foreign}.`);
  const params = [...t.params, sites];
  const where = `not deleted and site_id = any($${params.length}::int[]) and ${t.where}`;
  const size = body.size ?? DEFAULT_SIZE;
  const from = body.from ?? 0;
  const exact = body.track_total_hits === true;
  const cap = typeof body.track_total_hits === 'number' ? body.track_total_hits : TOTAL_CAP;
  const { order, byScore } = orderBy(body.sort);
  // Ranked by score, only the newest cap + 1 matches are scored, as far as a search can page: a
  // broad term matches a sixth of a million orders, and scoring them all is what made it slow.
  const window = byScore && t.score !== '0' ? ` order by ${NEWEST} limit ${cap + 1}` : '';
  const [rows, [counted]] = await Promise.all([
    size === 0
      ? Promise.resolve([] as HitRow[])
      : db.query<HitRow>(
          `select ${WORK_ORDER_COLUMNS}, score
             from (select *, ${t.score} as score from workorders where ${where}${window}) hits
            order by ${order}
            limit ${size} offset ${from}`,
          params,
        ),
    db.query<{ total: number }>(
      exact ? `select count(*)::int as total from workorders where ${where}` : `select count(*)::int as total from (select 1 from workorders where ${where} limit ${cap + 1}) capped`,
      params,
    ),
  ]);
  const total = counted?.total ?? 0;
  return {
    took: Date.now() - started,
    hits: {
      total: !exact && total > cap ? { value: cap, relation: 'gte' } : { value: total, relation: 'eq' },
      hits: rows.map((r) => ({ _id: `${r.site_id}:${r.work_order_number}`, _score: Number(r.score), _source: presentWorkOrder(r) })),
    },
  };
}
