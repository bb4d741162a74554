import type { WorkOrder } from '../../schemas';
import type { Queryable } from '../db/database';

type Operation = WorkOrder['operations'][number];

const STATUS_TEXT: Record<string, string> = {
  CRTD: 'Created', REL: 'Released', PLND: 'Planned', SCHED: 'Scheduled', INPROG: 'In progress', TECO: 'Technically complete', CLSD: 'Closed',
};

/** [site, days from today, status, asset, asset description, work, work centre, order type] */
type DemoWorkOrder = [site: 1 | 2, day: number, status: string, asset: string, assetDescription: string, work: string, workCenter: string, orderType: string];

const DEMO_WORK_ORDERS: DemoWorkOrder[] = [
  [1, -18, 'TECO', '10-P-101A', 'Crude charge pump A', 'Replace mechanical seal on crude charge pump', 'MECH-CDU', 'PM01'],
  [1, -12, 'INPROG', '10-E-104', 'Crude preheat exchanger', 'Hydro-blast tube bundle and replace gaskets', 'MECH-CDU', 'PM02'],
  [1, -9, 'REL', '11-V-201', 'Vacuum column overhead drum', 'Internal inspection of overhead drum (confined space)', 'INSP-CDU', 'PM03'],
  [1, -6, 'INPROG', '10-F-101', 'Crude heater', 'Repair refractory at burner 4 and weld tube support', 'MECH-CDU', 'PM01'],
  [1, -3, 'SCHED', '12-C-301', 'Recycle gas compressor', 'Change lube oil filters and sample oil', 'ROT-HTU', 'PM02'],
  [1, -1, 'REL', '12-R-301', 'Hydrotreater reactor', 'Install blinds for catalyst change-out', 'MECH-HTU', 'PM01'],
  [1, 0, 'INPROG', '10-PSV-118', 'Column overhead relief valve', 'Remove relief valve for bench test', 'INST-CDU', 'PM02'],
  [1, 0, 'SCHED', '13-TK-31', 'Tank 31 crude storage', 'Weld repair on roof nozzle N4', 'MECH-TF', 'PM01'],
  [1, 2, 'PLND', '10-LT-205', 'Desalter level transmitter', 'Calibrate and replace impulse lines', 'INST-CDU', 'PM02'],
  [1, 4, 'REL', '12-P-305B', 'Wash water pump B', 'Align pump and motor after bearing change', 'ROT-HTU', 'PM01'],
  [1, 6, 'CRTD', '11-E-210', 'Vacuum bottoms cooler', 'Grind and paint external corrosion', 'CIVIL-CDU', 'PM03'],
  [1, 9, 'PLND', '12-V-310', 'High-pressure separator', 'Ultrasonic thickness survey of shell', 'INSP-HTU', 'PM03'],
  [2, -15, 'CLSD', '21-K-101', 'Synthesis gas compressor', 'Replace coupling and check alignment', 'ROT-AMM', 'PM01'],
  [2, -10, 'INPROG', '21-E-115', 'Ammonia converter feed exchanger', 'Leak test and plug leaking tubes', 'MECH-AMM', 'PM02'],
  [2, -5, 'REL', '22-V-230', 'CO2 stripper', 'Internal inspection and tray repair (confined space)', 'INSP-UREA', 'PM03'],
  [2, -2, 'SCHED', '22-P-240A', 'Carbamate pump A', 'Replace plunger packing', 'ROT-UREA', 'PM01'],
  [2, 0, 'INPROG', '21-TI-140', 'Converter bed temperature element', 'Replace thermocouple', 'INST-AMM', 'PM02'],
  [2, 1, 'REL', '22-CV-212', 'Urea reactor let-down valve', 'Overhaul control valve trim', 'INST-UREA', 'PM01'],
  [2, 3, 'PLND', '21-F-100', 'Primary reformer', 'Hot work: replace pigtail on row C', 'MECH-AMM', 'PM01'],
  [2, 7, 'CRTD', '22-TK-250', 'Urea solution tank', 'Clean tank and inspect coating', 'CIVIL-UREA', 'PM03'],
];

const operation = (number: string, description: string, status: string, resources: string[]): Operation => ({
  operationNumber: number,
  operationDescription: description,
  operationStatus: [status],
  resources,
  systemStatus: [{ code: status, description: STATUS_TEXT[status] ?? status }],
  userStatus: [{ code: 'PRMT', description: 'Permit required' }],
});

/** The operations of a typical maintenance order: isolate the equipment, then do the work. */
export const workOrderOperations = (status: string, assetDescription: string, work: string, workCenter: string): Operation[] => [
  operation('0010', `Isolate and prepare: ${assetDescription.toLowerCase()}`, status, ['Operations']),
  operation('0020', work, status, [workCenter]),
];

/** A demo work order scheduled `day` days from `today` at 07:00 UTC. */
/** The number of the demo work order at `index` (SAP numbers at Bayport, Oracle ones at Northfield); demo permits refer to them. */
export const demoWorkOrderNumber = (index: number) =>
  DEMO_WORK_ORDERS[index]![0] === 1 ? String(4000100 + index * 37).padStart(10, '0') : `WO-NF-${24800 + index * 13}`;

function demoWorkOrder(index: number, order: DemoWorkOrder, today: Date) {
  const [site, day, status, asset, assetDescription, work, workCenter, orderType] = order;
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, 7));
  const sap = site === 1;
  return {
    number: demoWorkOrderNumber(index),
    site,
    scheduledStart: start.toISOString(),
    description: work,
    status: [status],
    asset,
    assetDescription,
    orderType,
    plantCode: sap ? 'BP01' : 'NF02',
    sourceSystem: sap ? 'SAP' : 'Oracle',
    workCenter,
    operations: workOrderOperations(status, assetDescription, work, workCenter),
  } as const;
}

/** About twenty work orders around today at both demo sites, for the work-order screens and permits. */
export async function seedDemoWorkOrders(tx: Queryable, today = new Date()): Promise<void> {
  for (const [index, order] of DEMO_WORK_ORDERS.entries()) {
    const w = demoWorkOrder(index, order, today);
    await tx.query(
      `insert into workorders (work_order_number, site_id, scheduled_start, description, status, asset_number, asset_description,
                               order_type, plant_code, revision_number, equipment_number, source_system, work_center_name, operations)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '', $6, $10, $11, $12)`,
      [w.number, w.site, w.scheduledStart, w.description, w.status, w.asset, w.assetDescription, w.orderType, w.plantCode, w.sourceSystem, w.workCenter, JSON.stringify(w.operations)],
    );
  }
}
