import type { WorkOrder } from '../../schemas';

export interface WorkOrderRow {
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
}

/** The columns a WorkOrder document is made of, timestamps as the sync sends them (microseconds, a string). */
export const WORK_ORDER_COLUMNS = `work_order_number, description, status, asset_number, asset_description, order_type, plant_code,
  revision_number, equipment_number, sync_text(scheduled_start) as scheduled_start, site_id, source_system, work_center_name,
  operations, sync_text(date_changed) as date_changed`;

export const presentWorkOrder = (r: WorkOrderRow): WorkOrder => ({
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
