import Type from 'typebox';
import { WorkOrder } from './workorder';

/**
 * POST /workorders/import: a JSON array of rows (or `{ workOrders: [...] }`), or a CSV text
 * (content type text/csv, handed on as `{ csv }`). A row's fields are read by name (ours, SAP
 * PM's or Oracle eAM's) and judged one by one, so a bad row is refused with its reason instead
 * of failing the file's shape. The array comes last: the validator's array coercion would
 * otherwise wrap the objects into one-row arrays.
 */
const ImportRow = Type.Record(Type.String(), Type.Unknown());
export const WorkOrderImportBody = Type.Union([
  Type.Object({ workOrders: Type.Array(ImportRow, { minItems: 1, maxItems: 200_000 }) }),
  Type.Object({ csv: Type.String({ minLength: 1, description: 'CSV text with a header line' }) }),
  Type.Array(ImportRow, { minItems: 1, maxItems: 200_000 }),
]);
export type WorkOrderImportBody = Type.Static<typeof WorkOrderImportBody>;

export const WorkOrderImportQuery = Type.Object({
  /** The site of rows that name none; a service key's own site when absent. */
  SiteId: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Apply the rows that are good even when others are refused (by default a refused row stops the whole file). */
  partial: Type.Optional(Type.Boolean()),
});
export type WorkOrderImportQuery = Type.Static<typeof WorkOrderImportQuery>;

export const WorkOrderImportRowReport = Type.Object({
  /** The row's line in the CSV file (header is line 1), or its index + 1 in the JSON array. */
  row: Type.Integer(),
  workOrderNumber: Type.Union([Type.String(), Type.Null()]),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  outcome: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('unchanged'), Type.Literal('refused')]),
  reason: Type.Optional(Type.String()),
});
export type WorkOrderImportRowReport = Type.Static<typeof WorkOrderImportRowReport>;

export const WorkOrderImportReport = Type.Object({
  /** One sentence for a person: what was stored, or why nothing was. */
  message: Type.String(),
  /** Whether the import changed the store: false when a row was refused and `partial` was not asked for. */
  applied: Type.Boolean(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  refused: Type.Integer(),
  rows: Type.Array(WorkOrderImportRowReport),
});
export type WorkOrderImportReport = Type.Static<typeof WorkOrderImportReport>;

/**
 * POST /workorders/search: the subset of Elasticsearch's query DSL of SPEC §7 (bool, term(s),
 * range, match, query_string, match_all). The query is judged by the server's translator,
 * which names what it cannot read.
 */
export const WorkOrderSearchBody = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  query: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  sort: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]))),
  track_total_hits: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 10_000 })])),
});
export type WorkOrderSearchBody = Type.Static<typeof WorkOrderSearchBody>;

export const WorkOrderHit = Type.Object({
  _id: Type.String(),
  _score: Type.Union([Type.Number(), Type.Null()]),
  _source: WorkOrder,
});

export const WorkOrderSearchResponse = Type.Object({
  took: Type.Integer(),
  hits: Type.Object({
    total: Type.Object({ value: Type.Integer(), relation: Type.Union([Type.Literal('eq'), Type.Literal('gte')]) }),
    hits: Type.Array(WorkOrderHit),
  }),
});
export type WorkOrderSearchResponse = Type.Static<typeof WorkOrderSearchResponse>;

/** An integration's credential (POST /servicekeys); the key itself is shown once, at creation. */
export const ServiceKey = Type.Object({
  ServiceKeyId: Type.String(),
  Name: Type.String(),
  SiteId: Type.Integer(),
  CreatedOn: Type.String(),
  LastUsedOn: Type.Union([Type.String(), Type.Null()]),
  RevokedOn: Type.Union([Type.String(), Type.Null()]),
});
export type ServiceKey = Type.Static<typeof ServiceKey>;

export const CreateServiceKeyBody = Type.Object({
  Name: Type.String({ minLength: 1, maxLength: 100 }),
  SiteId: Type.Integer({ minimum: 1 }),
});
export type CreateServiceKeyBody = Type.Static<typeof CreateServiceKeyBody>;

export const CreatedServiceKey = Type.Object({ ServiceKey, Key: Type.String() });
export const ServiceKeyList = Type.Object({ ServiceKeyList: Type.Array(ServiceKey) });
export const ServiceKeyParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }) });
export type ServiceKeyParams = Type.Static<typeof ServiceKeyParams>;
