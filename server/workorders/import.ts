import type { WorkOrderImportBody, WorkOrderImportReport, WorkOrderImportRowReport } from '../../schemas';
import { audit, type Actor } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { readCsv } from './csv';
import { groupRows, type ImportedWorkOrder, type RawRow, type RowContext } from './importRows';

/** Who imports: an integration's key (one site) or an administrator (any site). */
export interface Importer {
  /** Who is recorded as importing: the administrator, or the service key (an actor of kind system). */
  actor: Actor;
  personnelId: number | null;
  serviceKeyId: string | null;
  onlySite: number | null;
}

export interface ImportOptions {
  defaultSite: number | null;
  partial: boolean;
}

/** Orders per statement: large enough to keep round trips few, small enough for one JSON parameter. */
const BATCH = 2000;

const COLUMNS = `work_order_number text, site_id int, scheduled_start timestamptz, description text, status text[], asset_number text,
  asset_description text, order_type text, plant_code text, revision_number text, equipment_number text, source_system text,
  work_center_name text, operations jsonb`;
const NAMES = COLUMNS.split(',').map((c) => c.trim().split(' ')[0]!);
const CHANGED = NAMES.filter((n) => n !== 'work_order_number' && n !== 'site_id');

const asRow = (o: ImportedWorkOrder) => ({
  work_order_number: o.workOrderNumber,
  site_id: o.siteId,
  scheduled_start: o.scheduledStart,
  description: o.workOrderDescription,
  status: o.workOrderStatus,
  asset_number: o.assetNumber,
  asset_description: o.assetDescription,
  order_type: o.orderType,
  plant_code: o.plantCode,
  revision_number: o.revisionNumber,
  equipment_number: o.equipmentNumber,
  source_system: o.sourceSystem,
  work_center_name: o.workCenterName,
  operations: o.operations,
});

/**
 * Inserts new orders and updates changed ones; an order that is the same as stored is left
 * alone (its DateChanged kept, so replicas are not sent it again). Returns the outcome by key.
 */
async function upsert(tx: Queryable, orders: ImportedWorkOrder[]): Promise<Map<string, 'created' | 'updated'>> {
  const outcomes = new Map<string, 'created' | 'updated'>();
  for (let i = 0; i < orders.length; i += BATCH) {
    const batch = orders.slice(i, i + BATCH).map(asRow);
    const rows = await tx.query<{ site_id: number; work_order_number: string; inserted: boolean }>(
      `insert into workorders (${NAMES.join(', ')})
       select ${NAMES.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${COLUMNS})
       on conflict (site_id, work_order_number) do update
         set ${CHANGED.map((n) => `${n} = excluded.${n}`).join(', ')}, deleted = false
         where workorders.deleted or (${CHANGED.map((n) => `workorders.${n}`).join(', ')}) is distinct from (${CHANGED.map((n) => `excluded.${n}`).join(', ')})
       returning site_id, work_order_number, (xmax = 0) as inserted`,
      [JSON.stringify(batch)],
    );
    for (const r of rows) outcomes.set(`${r.site_id}\u0000${r.work_order_number}`, r.inserted ? 'created' : 'updated');
  }
  return outcomes;
}

/** Thrown inside the transaction to undo a file that may not be half-applied. */
class NotApplied extends Error {}

function rawRows(body: WorkOrderImportBody): RawRow[] {
  if ('csv' in body) return readCsv(body.csv);
  const rows = Array.isArray(body) ? body : body.workOrders;
  return rows.map((fields, index) => ({ row: index + 1, fields }));
}

/**
 * POST /workorders/import: the whole file in one transaction. With a refused row and without
 * `partial`, nothing is stored and the report tells each row's outcome had it been applied.
 */
export async function importWorkOrders(db: Database, importer: Importer, body: WorkOrderImportBody, options: ImportOptions): Promise<WorkOrderImportReport> {
  const raws = rawRows(body);
  const sites = new Set((await db.query<{ site_id: number }>('select distinct site_id from locations where not deleted')).map((r) => r.site_id));
  const context: RowContext = { defaultSite: options.defaultSite ?? importer.onlySite, onlySite: importer.onlySite, sites };
  const { orders, refused } = groupRows(raws, context);
  const apply = refused.length === 0 || options.partial;
  let outcomes = new Map<string, 'created' | 'updated'>();
  try {
    await db.transaction(async (tx) => {
      outcomes = await upsert(tx, orders.map((o) => o.order));
      if (!apply) throw new NotApplied();
      const counts = [...outcomes.values()];
      // A partial import that refused every row changed nothing: no event.
      if (counts.length === 0) return;
      await audit(tx, importer.actor, 'workorders.import', { type: 'workorders', id: importer.serviceKeyId ?? 'import', siteId: importer.onlySite ?? undefined }, {
        serviceKeyId: importer.serviceKeyId,
        created: counts.filter((o) => o === 'created').length,
        updated: counts.filter((o) => o === 'updated').length,
        refused: refused.length,
      });
    });
  } catch (error) {
    if (!(error instanceof NotApplied)) throw error;
  }
  const rows: WorkOrderImportRowReport[] = [
    ...orders.flatMap((o) => o.rows.map((row) => ({ row, workOrderNumber: o.order.workOrderNumber, siteId: o.order.siteId, outcome: outcomes.get(o.key) ?? ('unchanged' as const) }))),
    ...refused.map((r) => ({ row: r.row, workOrderNumber: r.workOrderNumber, siteId: r.siteId, outcome: 'refused' as const, reason: r.refused })),
  ].sort((a, b) => a.row - b.row);
  const count = (outcome: WorkOrderImportRowReport['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  const refusedRows = count('refused');
  const message = apply
    ? `Imported: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${refusedRows} refused.`
    : `${refusedRows} row(s) were refused, so nothing was imported. Correct them (see each row's reason) or send ?partial=true to import the others.`;
  return { message, applied: apply, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), refused: refusedRows, rows };
}
