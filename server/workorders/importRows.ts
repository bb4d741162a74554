/**
 * Rows of an import → work orders to store, or the reason each refused row was refused. Pure:
 * the sites that exist and the site a credential may write are passed in.
 */
import { Compile } from 'typebox/compile';
import Type from 'typebox';
import { WorkOrderOperation, type WorkOrder } from '../../schemas';
import { columnMeaning, type ImportField } from './columns';
import { parseStart, parseStatuses, text } from './importValues';

export type Operation = WorkOrder['operations'][number];
export type ImportedWorkOrder = Omit<WorkOrder, 'DateChanged'>;

export interface RawRow {
  /** The CSV line (header = 1) or the JSON index + 1. */
  row: number;
  fields: Record<string, unknown>;
}

export interface RowContext {
  /** Site of rows that name none. */
  defaultSite: number | null;
  /** The only site a service key may write; null for an administrator. */
  onlySite: number | null;
  sites: ReadonlySet<number>;
}

export type RowResult = { row: number; order: ImportedWorkOrder } | { row: number; refused: string; workOrderNumber: string | null; siteId: number | null };

const MAX_TEXT = 2000;
const MAX_NUMBER = 40;

/** Operations given as JSON take our shape, with the status and resource lists optional. */
const JsonOperation = Type.Object({
  operationNumber: Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Integer()]),
  operationDescription: Type.Optional(Type.String({ maxLength: MAX_TEXT })),
  operationStatus: Type.Optional(Type.Array(Type.String())),
  resources: Type.Optional(Type.Array(Type.String())),
  systemStatus: Type.Optional(WorkOrderOperation.properties.systemStatus),
  userStatus: Type.Optional(WorkOrderOperation.properties.userStatus),
});
const checkOperations = Compile(Type.Array(JsonOperation, { maxItems: 500 }));

/** The row's values by field, and the system its column names betray. */
function readFields(fields: Record<string, unknown>) {
  const values: Partial<Record<ImportField, unknown>> = {};
  let betrayed: WorkOrder['sourceSystem'] | null = null;
  for (const [name, value] of Object.entries(fields)) {
    const meaning = columnMeaning(name);
    if (!meaning) continue;
    // A column left empty does not hide another name's value for the same field.
    if (values[meaning.field] !== undefined && (value === '' || value === null)) continue;
    values[meaning.field] = value;
    betrayed ??= meaning.system;
  }
  return { values, betrayed };
}

const statusCodes = (codes: string[]) => codes.map((code) => ({ code, description: code }));

function rowOperation(values: Partial<Record<ImportField, unknown>>, system: WorkOrder['sourceSystem'], orderStatus: string[]): Operation | string | null {
  if (values.operationNumber === undefined || values.operationNumber === '') return null;
  const number = text(values.operationNumber);
  const description = text(values.operationDescription);
  const resource = text(values.operationResource);
  const status = values.operationStatus === undefined || values.operationStatus === '' ? orderStatus : parseStatuses(values.operationStatus, system);
  if (!number || number.length > 20) return 'operationNumber must be text of at most 20 characters.';
  if (description === null || description.length > MAX_TEXT) return `operationDescription must be text of at most ${MAX_TEXT} characters.`;
  if (resource === null || status === null) return 'operationResource and operationStatus must be text.';
  return { operationNumber: number, operationDescription: description, operationStatus: status, resources: resource ? [resource] : [], systemStatus: statusCodes(status), userStatus: [] };
}

function jsonOperations(value: unknown): Operation[] | string {
  if (!checkOperations.Check(value)) return 'operations must be a list of { operationNumber, operationDescription, operationStatus, resources } objects.';
  return value.map((o) => ({
    operationNumber: String(o.operationNumber),
    operationDescription: o.operationDescription ?? '',
    operationStatus: o.operationStatus ?? [],
    resources: o.resources ?? [],
    systemStatus: o.systemStatus ?? statusCodes(o.operationStatus ?? []),
    userStatus: o.userStatus ?? [],
  }));
}

function site(value: unknown, context: RowContext): number | string {
  const named = value === undefined || value === '' || value === null ? context.defaultSite : Number(value);
  if (named === null) return 'The row names no site: give a siteId column, or ?SiteId= for the whole file.';
  if (!Number.isInteger(named) || !context.sites.has(named)) return `There is no site ${String(value ?? named)}.`;
  if (context.onlySite !== null && named !== context.onlySite) return `This service key may import work orders of site ${context.onlySite} only, not of site ${named}.`;
  return named;
}

/** One row, judged on its own. */
export function readRow(raw: RawRow, context: RowContext): RowResult {
  const { values, betrayed } = readFields(raw.fields);
  const number = text(values.workOrderNumber);
  const siteId = site(values.siteId, context);
  const refuse = (reason: string): RowResult => ({ row: raw.row, refused: reason, workOrderNumber: number || null, siteId: typeof siteId === 'number' ? siteId : null });
  if (!number) return refuse('The row has no work order number.');
  if (number.length > MAX_NUMBER) return refuse(`The work order number is longer than ${MAX_NUMBER} characters.`);
  if (typeof siteId === 'string') return refuse(siteId);
  const declared = text(values.sourceSystem);
  const system = declared ? ({ sap: 'SAP', oracle: 'Oracle' } as const)[declared.toLowerCase()] : betrayed;
  if (!system) return refuse(declared ? `sourceSystem must be SAP or Oracle, not '${declared}'.` : 'Say which system the row comes from: a sourceSystem of SAP or Oracle, or SAP PM or Oracle eAM column names.');
  const startText = text(values.scheduledStart);
  const start = startText ? parseStart(startText, text(values.scheduledStartTime) ?? '') : null;
  if (!start) return refuse(startText ? `The scheduled start '${startText}' is not a date: use YYYY-MM-DD, DD.MM.YYYY or DD-MON-YYYY, with an optional time.` : 'The row has no scheduled start.');
  const status = parseStatuses(values.workOrderStatus, system);
  if (!status) return refuse('workOrderStatus must be a text or a list of texts.');
  const fields = (['workOrderDescription', 'assetNumber', 'assetDescription', 'orderType', 'plantCode', 'revisionNumber', 'equipmentNumber', 'workCenterName'] as const).map((f) => [f, text(values[f])] as const);
  const bad = fields.find(([, v]) => v === null || v.length > MAX_TEXT);
  if (bad) return refuse(`${bad[0]} must be text of at most ${MAX_TEXT} characters.`);
  const given = values.operations === undefined || values.operations === '' ? [] : jsonOperations(values.operations);
  if (typeof given === 'string') return refuse(given);
  const flat = rowOperation(values, system, status);
  if (typeof flat === 'string') return refuse(flat);
  const t = Object.fromEntries(fields) as Record<(typeof fields)[number][0], string>;
  return {
    row: raw.row,
    order: {
      workOrderNumber: number,
      workOrderDescription: t.workOrderDescription,
      workOrderStatus: status,
      assetNumber: t.assetNumber,
      assetDescription: t.assetDescription,
      orderType: t.orderType,
      plantCode: t.plantCode,
      revisionNumber: t.revisionNumber,
      equipmentNumber: t.equipmentNumber,
      scheduledStart: start.toISOString(),
      siteId,
      sourceSystem: system,
      workCenterName: t.workCenterName,
      operations: flat ? [...given, flat] : given,
    },
  };
}

export interface GroupedImport {
  /** One per site and number: the first row's fields, every row's operations. */
  orders: { key: string; order: ImportedWorkOrder; rows: number[] }[];
  refused: Extract<RowResult, { refused: string }>[];
}

export const orderKey = (siteId: number, number: string) => `${siteId}\u0000${number}`;

/**
 * Rows of one order (an export with a line per operation) become one work order. When one of
 * them is refused the whole order is, so an order is never stored with part of its operations.
 */
export function groupRows(raws: readonly RawRow[], context: RowContext): GroupedImport {
  const results = raws.map((raw) => readRow(raw, context));
  const orders = new Map<string, { key: string; order: ImportedWorkOrder; rows: number[] }>();
  const refused: GroupedImport['refused'] = [];
  const refusedKeys = new Map<string, number>();
  for (const result of results) {
    if ('refused' in result) {
      refused.push(result);
      if (result.workOrderNumber && result.siteId !== null) refusedKeys.set(orderKey(result.siteId, result.workOrderNumber), result.row);
      continue;
    }
    const key = orderKey(result.order.siteId, result.order.workOrderNumber);
    const known = orders.get(key);
    if (!known) orders.set(key, { key, order: result.order, rows: [result.row] });
    else {
      known.order.operations.push(...result.order.operations);
      known.rows.push(result.row);
    }
  }
  for (const [key, line] of refusedKeys) {
    const group = orders.get(key);
    if (!group) continue;
    orders.delete(key);
    for (const row of group.rows) {
      refused.push({ row, refused: `Row ${line} of the same work order was refused.`, workOrderNumber: group.order.workOrderNumber, siteId: group.order.siteId });
    }
  }
  return { orders: [...orders.values()], refused };
}
