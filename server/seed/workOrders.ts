import type { WorkOrder } from '../../schemas';
import type { Queryable } from '../db/database';

type Operation = WorkOrder['operations'][number];

const STATUS_TEXT: Record<string, string> = {
  CRTD: 'Created', REL: 'Released', PLND: 'Planned', SCHED: 'Scheduled', INPROG: 'In progress', TECO: 'Technically complete', CLSD: 'Closed',
  Closed: 'Closed', HOLD: 'On hold',
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
  // Issue 9: more of a planner's fortnight at both sites, Bayport's from SAP PM, Northfield's from Oracle eAM.
  [1, -20, 'CLSD', '14-B-401', 'Boiler feed water pump turbine', 'Overspeed trip test after governor repair', 'ROT-UTIL', 'PM02'],
  [1, -14, 'TECO', '10-FV-122', 'Crude heater fuel gas valve', 'Replace actuator diaphragm', 'INST-CDU', 'PM01'],
  [1, -4, 'INPROG', '13-TK-12', 'Tank 12 gasoline blend stock', 'Replace roof seal (confined space entry)', 'MECH-TF', 'PM01'],
  [1, -2, 'SCHED', '10-SOFT-101C', 'Crude unit water softener C', 'Change resin and inspect distributor', 'MECH-UTIL', 'PM02'],
  [1, 1, 'REL', '12-E-320', 'Reactor effluent air cooler', 'Hot work: weld repair on header box plug', 'MECH-HTU', 'PM01'],
  [1, 3, 'SCHED', '14-H-401', 'Steam header isolation valve', 'Lap and reseat gate valve', 'MECH-UTIL', 'PM02'],
  [1, 5, 'PLND', '13-P-120B', 'Product transfer pump B', 'Replace coupling element', 'ROT-TF', 'PM01'],
  [1, 12, 'CRTD', '10-C-101', 'Crude atmospheric column', 'Scaffold for top section inspection', 'CIVIL-CDU', 'PM03'],
  [2, -19, 'Closed', '21-P-105', 'Boiler feed pump', 'Repair cooling water line to bearing housing', 'ROT-AMM', 'PM01'],
  [2, -8, 'INPROG', '22-V-231', 'UREA/CO2 AREA scrubber', 'Replace demister pad in HP scrubber', 'MECH-UREA', 'PM01'],
  [2, -3, 'REL', '22-E-204', 'UREA/CO2 AREA HP condenser', 'Eddy-current test of condenser tubes', 'INSP-UREA', 'PM03'],
  [2, -1, 'SCHED', '21-SOFT-101C', 'Demineraliser softener C', 'Regenerate and inspect lining', 'CIVIL-AMM', 'PM02'],
  [2, 0, 'REL', '22-K-201', 'CO2 compressor', 'Change lube oil and filters on stage 2', 'ROT-UREA', 'PM02'],
  [2, 2, 'SCHED', '21-R-101', 'Secondary reformer', 'Install blinds for refractory inspection', 'MECH-AMM', 'PM01'],
  [2, 5, 'PLND', '22-PSV-270', 'Prilling tower relief valve', 'Remove and bench test relief valve', 'INST-UREA', 'PM02'],
  [2, 11, 'PLND', '21-TK-190', 'Ammonia storage tank', 'Foundation survey and coating touch-up', 'CIVIL-AMM', 'PM03'],
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

/** A demo order's operations as its system numbers them: SAP in steps of 10 with a reinstatement, Oracle's sequence 10, 20, 30. */
function demoOperations(sap: boolean, status: string, assetDescription: string, work: string, workCenter: string): Operation[] {
  const [isolate, job] = workOrderOperations(status, assetDescription, work, workCenter);
  const reinstate = operation('0030', `Remove isolations and return to operations: ${assetDescription.toLowerCase()}`, status, ['Operations']);
  const all = [isolate!, job!, reinstate];
  if (sap) return all;
  return all.map((o, i) => ({ ...o, operationNumber: String((i + 1) * 10), userStatus: [] }));
}

/** A demo work order scheduled `day` days from `today` at 07:00 UTC. */
/** The number of the demo work order at `index` (SAP numbers at Bayport, Oracle ones at Northfield); demo permits refer to them. */
export const demoWorkOrderNumber = (index: number) =>
  DEMO_WORK_ORDERS[index]![0] === 1 ? String(4000100 + index * 37).padStart(10, '0') : `WO-NF-${24800 + index * 13}`;

/** Oracle eAM names its work order types where SAP PM has codes. */
const ORACLE_TYPES: Record<string, string> = { PM01: 'Corrective', PM02: 'Preventive', PM03: 'Inspection' };

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
    orderType: sap ? orderType : ORACLE_TYPES[orderType] ?? orderType,
    plantCode: sap ? 'BP01' : 'NF02',
    // SAP orders of the turnaround carry its revision; equipment numbers as each system makes them.
    revision: sap && day >= 5 ? 'TA-BP-2027' : '',
    equipment: sap ? String(10_004_000 + index * 17) : `${asset}-01`,
    sourceSystem: sap ? 'SAP' : 'Oracle',
    workCenter,
    operations: demoOperations(sap, status, assetDescription, work, workCenter),
  } as const;
}

/** About forty work orders around today at both demo sites, for the work-order screens and permits. */
export async function seedDemoWorkOrders(tx: Queryable, today = new Date()): Promise<void> {
  for (const [index, order] of DEMO_WORK_ORDERS.entries()) {
    const w = demoWorkOrder(index, order, today);
    await tx.query(
      `insert into workorders (work_order_number, site_id, scheduled_start, description, status, asset_number, asset_description,
                               order_type, plant_code, revision_number, equipment_number, source_system, work_center_name, operations)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [w.number, w.site, w.scheduledStart, w.description, w.status, w.asset, w.assetDescription, w.orderType, w.plantCode, w.revision, w.equipment, w.sourceSystem, w.workCenter, JSON.stringify(w.operations)],
    );
  }
}
