import Type from 'typebox';
import { Timestamp } from './permit';

export const WorkOrderOperation = Type.Object({
  operationNumber: Type.String(),
  operationDescription: Type.String(),
  operationStatus: Type.Array(Type.String()),
  resources: Type.Array(Type.String()),
  systemStatus: Type.Array(Type.Object({ code: Type.String(), description: Type.String() })),
  userStatus: Type.Array(Type.Object({ code: Type.String(), description: Type.String() })),
});

/** A maintenance work order from SAP PM or Oracle (SPEC §3). */
export const WorkOrder = Type.Object({
  workOrderNumber: Type.String({ maxLength: 40 }),
  workOrderDescription: Type.String(),
  workOrderStatus: Type.Array(Type.String()),
  assetNumber: Type.String(),
  assetDescription: Type.String(),
  orderType: Type.String(),
  plantCode: Type.String(),
  revisionNumber: Type.String(),
  equipmentNumber: Type.String(),
  scheduledStart: Timestamp,
  siteId: Type.Integer(),
  sourceSystem: Type.Union([Type.Literal('SAP'), Type.Literal('Oracle')]),
  workCenterName: Type.String(),
  operations: Type.Array(WorkOrderOperation),
  DateChanged: Timestamp,
});
export type WorkOrder = Type.Static<typeof WorkOrder>;
