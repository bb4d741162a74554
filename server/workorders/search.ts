import type { WorkOrder, WorkOrderSearchBody, WorkOrderSearchResponse } from '../../schemas';
import type { Queryable } from '../db/database';
import { forbidden } from '../http/errors';
import { NEWEST, orderBy, translate } from './searchQuery';

/** Totals are exact up to this many and reported as a lower bound beyond, as Elasticsearch does (DESIGN.md §6). */
const TOTAL_CAP = 10_000;
const DEFAULT_SIZE = 10;

interface HitRow {
  work_order_number: string;
  description: string;
  status: string[];
  asset_number: string;
  asset_description: string;
  order_type: string;
  plant_code: string;
  revision_number: string;
  equipment_number: string;
  scheduled_start: string;
  site_id: number;
  source_system: WorkOrder['sourceSystem'];
  work_center_name: string;
  operations: WorkOrder['operations'];
  date_changed: string;
  score: number;
}

const source = (r: HitRow): WorkOrder => ({
  workOrderNumber: r.work_order_number,
  workOrderDescription: r.description,
  workOrderStatus: r.status,
  assetNumber: r.asset_number,
  assetDescription: r.asset_description,
  orderType: r.order_type,
  plantCode: r.plant_code,
  revisionNumber: r.revision_number,
  equipmentNumber: r.equipment_number,
  scheduledStart: r.scheduled_start,
  siteId: r.site_id,
  sourceSystem: r.source_system,
  workCenterName: r.work_center_name,
  operations: r.operations,
  DateChanged: r.date_changed,
});

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
          `select work_order_number, description, status, asset_number, asset_description, order_type, plant_code, revision_number,
                  equipment_number, sync_text(scheduled_start) as scheduled_start, site_id, source_system, work_center_name, operations,
                  sync_text(date_changed) as date_changed, score
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
      hits: rows.map((r) => ({ _id: `${r.site_id}:${r.work_order_number}`, _score: Number(r.score), _source: source(r) })),
    },
  };
}
