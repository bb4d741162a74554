/**
 * The names an import may give a work order's fields: ours (SPEC §3), SAP PM's (table fields
 * of AUFK/AFIH/AFVC and the column titles of an IW38/IW39/IW37N list export) and Oracle eAM's
 * (the open interface's and the work order export's). Names are compared without case, spaces
 * or punctuation, so "Bas. start date", "BASIC_START_DATE" and "basicStartDate" all match.
 */
import type { WorkOrder } from '../../schemas';

export type ImportField =
  | 'workOrderNumber' | 'workOrderDescription' | 'workOrderStatus' | 'assetNumber' | 'assetDescription' | 'orderType'
  | 'plantCode' | 'revisionNumber' | 'equipmentNumber' | 'scheduledStart' | 'scheduledStartTime' | 'siteId' | 'sourceSystem'
  | 'workCenterName' | 'operations' | 'operationNumber' | 'operationDescription' | 'operationStatus' | 'operationResource'
  | 'userStatus';

type System = WorkOrder['sourceSystem'];

/** [field, the system a name betrays (null when any system may use it), names]. */
const ALIASES: [ImportField, System | null, string[]][] = [
  ['workOrderNumber', null, ['workOrderNumber', 'workOrderNumber.keyword']],
  ['workOrderNumber', 'SAP', ['AUFNR', 'Order', 'Order number', 'Maintenance order']],
  ['workOrderNumber', 'Oracle', ['WIP_ENTITY_NAME', 'WORK_ORDER_NUMBER', 'Work Order', 'Work Order Name']],
  ['workOrderDescription', null, ['workOrderDescription', 'Description']],
  ['workOrderDescription', 'SAP', ['KTEXT', 'Short text', 'Order description']],
  ['workOrderDescription', 'Oracle', ['WORK_ORDER_DESCRIPTION', 'Work Order Description']],
  ['workOrderStatus', null, ['workOrderStatus', 'Status']],
  ['workOrderStatus', 'SAP', ['STTXT', 'SYSST', 'System status']],
  ['workOrderStatus', 'Oracle', ['STATUS_TYPE', 'STATUS_TYPE_DISP', 'WORK_ORDER_STATUS', 'USER_DEFINED_STATUS', 'Work Order Status']],
  ['userStatus', 'SAP', ['USTXT', 'User status']],
  ['assetNumber', null, ['assetNumber', 'Asset']],
  ['assetNumber', 'SAP', ['TPLNR', 'Functional Loc.', 'Functional location']],
  ['assetNumber', 'Oracle', ['ASSET_NUMBER', 'Asset Number', 'INSTANCE_NUMBER']],
  ['assetDescription', null, ['assetDescription']],
  ['assetDescription', 'SAP', ['PLTXT', 'Description of functional location', 'FunctLocDescrip.', 'EQKTX', 'Equipment description']],
  ['assetDescription', 'Oracle', ['ASSET_DESCRIPTION', 'Asset Description']],
  ['orderType', null, ['orderType']],
  ['orderType', 'SAP', ['AUART', 'Order Type']],
  ['orderType', 'Oracle', ['WORK_ORDER_TYPE', 'WORK_ORDER_TYPE_DISP', 'Work Order Type']],
  ['plantCode', null, ['plantCode', 'Plant']],
  ['plantCode', 'SAP', ['IWERK', 'WERKS', 'Planning plant', 'Maintenance plant', 'SWERK']],
  ['plantCode', 'Oracle', ['ORGANIZATION_CODE', 'Organization']],
  ['revisionNumber', null, ['revisionNumber', 'Revision']],
  ['revisionNumber', 'SAP', ['REVNR']],
  ['revisionNumber', 'Oracle', ['ACTIVITY_REVISION']],
  ['equipmentNumber', null, ['equipmentNumber']],
  ['equipmentNumber', 'SAP', ['EQUNR', 'Equipment']],
  ['equipmentNumber', 'Oracle', ['SERIAL_NUMBER', 'Serial Number', 'MAINTENANCE_OBJECT_ID']],
  ['scheduledStart', null, ['scheduledStart']],
  ['scheduledStart', 'SAP', ['GSTRP', 'Bas. start date', 'Basic start date', 'Basic start', 'Sched. start']],
  ['scheduledStart', 'Oracle', ['SCHEDULED_START_DATE', 'Scheduled Start Date', 'Start Date']],
  ['scheduledStartTime', 'SAP', ['GSUZP', 'Basic start time', 'Start time']],
  ['siteId', null, ['siteId', 'SiteId', 'SITE_ID', 'Site']],
  ['sourceSystem', null, ['sourceSystem', 'SOURCE_SYSTEM', 'Source system']],
  ['workCenterName', null, ['workCenterName', 'Work center']],
  ['workCenterName', 'SAP', ['VAPLZ', 'Main WorkCtr', 'Main work center', 'GEWRK']],
  ['workCenterName', 'Oracle', ['OWNING_DEPARTMENT', 'OWNING_DEPARTMENT_CODE', 'Owning Department', 'Department']],
  ['operations', null, ['operations']],
  ['operationNumber', null, ['operationNumber']],
  ['operationNumber', 'SAP', ['VORNR', 'Operation/Activity', 'Operation']],
  ['operationNumber', 'Oracle', ['OPERATION_SEQ_NUM', 'Operation Sequence', 'Op Seq']],
  ['operationDescription', null, ['operationDescription']],
  ['operationDescription', 'SAP', ['LTXA1', 'Operation short text', 'Opr. short text']],
  ['operationDescription', 'Oracle', ['OPERATION_DESCRIPTION', 'Operation Description']],
  ['operationStatus', null, ['operationStatus']],
  ['operationStatus', 'SAP', ['Op. system status', 'Operation system status']],
  ['operationStatus', 'Oracle', ['OPERATION_STATUS', 'Operation Status']],
  ['operationResource', null, ['operationResource', 'resources']],
  ['operationResource', 'SAP', ['ARBPL', 'Oper.WorkCenter', 'Operation work center']],
  ['operationResource', 'Oracle', ['RESOURCE_CODE', 'DEPARTMENT_CODE', 'Resource']],
];

/** How a name compares: no case, no spaces or punctuation. */
export const normalizeName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_NAME = new Map<string, { field: ImportField; system: System | null }>();
for (const [field, system, names] of ALIASES) {
  for (const name of names) {
    // Our own names compare equal to some of Oracle's (workOrderNumber, WORK_ORDER_NUMBER): such a name betrays no system.
    const known = BY_NAME.get(normalizeName(name));
    BY_NAME.set(normalizeName(name), { field, system: known && known.system !== system ? null : system });
  }
}

export interface ColumnMeaning {
  field: ImportField;
  system: System | null;
}

/** What a column or JSON key means, if it is one an import reads. */
export const columnMeaning = (name: string): ColumnMeaning | undefined => BY_NAME.get(normalizeName(name));

/** The names to suggest when a file has no work order number column. */
export const NUMBER_COLUMNS = 'workOrderNumber, AUFNR or Order (SAP PM), WIP_ENTITY_NAME or Work Order (Oracle eAM)';
