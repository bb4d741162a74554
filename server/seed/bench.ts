import type { Database, Queryable } from '../db/database';
import { BENCH_ASSETS, BENCH_PERMIT_TYPES, benchPermit, random, type Random } from './benchPermits';
import { workOrderOperations } from './workOrders';

export interface BenchOptions {
  permits: number;
  workOrders: number;
  /** Permits are created over this many days back; within 15 days every one is in a replica's scope. */
  days: number;
  seed: number;
  /** The locations to spread permits over; by default every permitting location of site 1. */
  locationIds?: number[];
}

const BATCH = 500;
const PERMIT_COLUMNS = `permit_instance_id text, reference_id text, permit_definition_id text, state text, content jsonb, metadata jsonb,
  created_by int, created_on timestamptz, site_id int, location_id int, effective_date timestamptz, end_state_description text,
  approval_required boolean, permit_types jsonb, asset_number text, asset_description text, work_order_number text,
  work_description jsonb, company_name text, work_date text, work_location text, permit_issuer text, permit_receiver text,
  approvals jsonb, approval_summary jsonb, comments jsonb, history jsonb`;
const names = (columns: string) => columns.split(',').map((c) => c.trim().split(' ')[0]).join(', ');

interface BenchLocation {
  id: number;
  siteId: number;
  title: string;
}

/** The definition each site's permits use: the one its metadata names, or a bench definition made for it. */
async function definitionsBySite(tx: Queryable): Promise<Map<number, string>> {
  const roots = await tx.query<{ location_id: number; site_id: number; title: string; current: string | null }>(
    `select l.location_id, l.site_id, l.title, m.metadata ->> 'PermitDefinitionId' as current
       from locations l left join location_metadata m on m.location_id = l.location_id and not m.deleted
      where l.parent_location_id = 0 and not l.deleted`,
  );
  const result = new Map<number, string>();
  for (const root of roots) {
    const id = root.current ?? `bench-site-${root.site_id}-v1`;
    const forms = BENCH_PERMIT_TYPES.map((t) => ({ ContentsPath: t.Name, Name: t.Name, PermitType: t.Name }));
    await tx.query(
      `insert into definitions (permit_definition_id, location_id, metadata, s3_key) values ($1, $2, $3, $4) on conflict do nothing`,
      [id, root.location_id, JSON.stringify({ Approvals: [], KeysList: [], CustomFieldPathList: [], Forms: forms }), `definitions/${id}.json`],
    );
    if (!root.current) {
      await tx.query(`update location_metadata set metadata = metadata || jsonb_build_object('PermitDefinitionId', $2::text) where location_id = $1`, [root.location_id, id]);
    }
    result.set(root.site_id, id);
  }
  return result;
}

function benchWorkOrder(r: Random, index: number, now: Date) {
  const site = r.next() < 0.6 ? 1 : 2;
  const [asset, assetDescription] = r.pick(BENCH_ASSETS);
  const status = r.pick(['CRTD', 'REL', 'PLND', 'SCHED', 'INPROG', 'TECO']);
  const work = r.pick(['Replace mechanical seal', 'Inspect and clean', 'Calibrate instrument loop', 'Repair leaking flange', 'Replace bearing', 'Overhaul valve trim']);
  const workCenter = r.pick(['MECH', 'INST', 'ROT', 'INSP', 'ELEC']);
  const scheduled = new Date(now.getTime() + r.int(-25 * 24, 20 * 24) * 3600_000);
  return {
    work_order_number: site === 1 ? `40${String(5_000_000 + index).padStart(8, '0')}` : `WO-NF-B${String(index).padStart(6, '0')}`,
    site_id: site,
    scheduled_start: scheduled.toISOString(),
    description: `${work}: ${assetDescription}`,
    status: [status],
    asset_number: asset,
    asset_description: assetDescription,
    order_type: r.pick(['PM01', 'PM02', 'PM03']),
    plant_code: site === 1 ? 'BP01' : 'NF02',
    equipment_number: asset,
    source_system: site === 1 ? 'SAP' : 'Oracle',
    work_center_name: workCenter,
    operations: workOrderOperations(status, assetDescription, work, workCenter),
  };
}

/** Fills the database with realistic permits, their approvals and work orders (issue 3 benchmarks and demos). */
export async function seedBench(db: Database, options: BenchOptions, now = new Date()): Promise<{ permits: number; workOrders: number }> {
  const r = random(options.seed);
  const locations = await db.query<BenchLocation>(
    `select location_id as id, site_id as "siteId", title from locations
      where enabled_flag and permitting_enabled and not deleted and ($1::int[] is null and site_id = 1 or location_id = any($1::int[]))`,
    [options.locationIds ?? null],
  );
  if (locations.length === 0) throw new Error('No permitting location to put permits at: seed the demo site first, or name --locations.');
  const definitions = await db.transaction(definitionsBySite);

  for (let done = 0; done < options.permits; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.permits - done) }, () => {
      const location = r.pick(locations);
      return benchPermit(r, location, definitions.get(location.siteId)!, r.next() * options.days * 24, now);
    });
    await db.query(
      `insert into permits (${names(PERMIT_COLUMNS)}) select ${names(PERMIT_COLUMNS)} from jsonb_to_recordset($1::jsonb) as x(${PERMIT_COLUMNS})`,
      [JSON.stringify(batch.map((b) => b.permit))],
    );
  }

  const [{ start = 0 } = {}] = await db.query<{ start: number }>(`select count(*)::int as start from workorders`);
  const orders = Array.from({ length: options.workOrders }, (_, i) => benchWorkOrder(r, start + i, now));
  await db.query(
    `insert into workorders (work_order_number, site_id, scheduled_start, description, status, asset_number, asset_description, order_type,
                             plant_code, equipment_number, source_system, work_center_name, operations)
     select work_order_number, site_id, scheduled_start, description, status, asset_number, asset_description, order_type,
            plant_code, equipment_number, source_system, work_center_name, operations
       from jsonb_to_recordset($1::jsonb) as x(work_order_number text, site_id int, scheduled_start timestamptz, description text, status text[],
            asset_number text, asset_description text, order_type text, plant_code text, equipment_number text, source_system text,
            work_center_name text, operations jsonb)
     on conflict do nothing`,
    [JSON.stringify(orders)],
  );
  return { permits: options.permits, workOrders: orders.length };
}
