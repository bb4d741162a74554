/**
 * The RxDB schemas of the replica, each built from its entity schema in schemas/ so the
 * server, the replica and the forms validate the same shape (STYLE.md §5).
 */
import type { RxJsonSchema } from 'rxdb';
import {
  Draft,
  OUTBOX_STATUSES,
  OutboxEntry,
  PermitDefinition,
  ReplicatedGasTests,
  ReplicatedHandover,
  ReplicatedIsolation,
  ReplicatedPermit,
  SiteDataDocument,
  Template,
  WorkOrder,
} from '../../schemas';
import type { PulledDocuments } from '../../replication/replica';

interface ObjectSchema {
  properties: Record<string, unknown>;
  required?: string[];
}

interface Layout<T> {
  primaryKey: keyof T & string;
  /** Fields the local queries filter or sort on (lists, dashboard counts, cleanup, the outbox queue). */
  indexes: (keyof T & string)[][];
  /**
   * RxDB builds index keys of fixed width, so an indexed field needs bounds its entity schema
   * may not state: maxLength for a string, minimum, maximum and multipleOf for a number, and
   * a plain string type instead of a union of literals. These replace the field's schema.
   */
  indexed?: Partial<Record<keyof T & string, object>>;
  /**
   * Raised with every change of shape or indexes (0 when absent); src/db/database.ts then adds
   * the strategy that carries the devices' documents over.
   */
  version?: number;
}

function collectionSchema<T>(entity: ObjectSchema, layout: Layout<T>): RxJsonSchema<T> {
  const schema = {
    version: layout.version ?? 0,
    type: 'object',
    primaryKey: layout.primaryKey,
    properties: { ...entity.properties, ...layout.indexed },
    required: entity.required ?? [],
    indexes: layout.indexes,
  };
  // The entity schemas are plain JSON Schema objects; RxDB's type spells the same thing per field.
  return schema as unknown as RxJsonSchema<T>;
}

export const replicaSchemas = {
  permits: collectionSchema<PulledDocuments['permits']>(ReplicatedPermit, {
    primaryKey: 'PermitInstanceId',
    // The dashboard's counts by state. Each index costs every pulled write (~40 ms of a first
    // sync of 5,000): lists read every permit anyway and sort them in memory.
    indexes: [['State', 'CreatedOn']],
    // 2: each permit holds its approvals and comments (the approvals collection is gone).
    // 3: and its history (issue 40).
    version: 3,
  }),
  drafts: collectionSchema<PulledDocuments['drafts']>(Draft, {
    primaryKey: 'PermitInstanceId',
    indexes: [['LastUpdatedOn']],
  }),
  workorders: collectionSchema<PulledDocuments['workorders']>(WorkOrder, {
    primaryKey: 'workOrderNumber',
    indexes: [['scheduledStart']],
  }),
  templates: collectionSchema<PulledDocuments['templates']>(Template, {
    primaryKey: 'PermitTemplateId',
    indexes: [],
  }),
  definitions: collectionSchema<PulledDocuments['definitions']>(PermitDefinition, {
    primaryKey: 'PermitDefinitionId',
    indexes: [],
  }),
  sitedata: collectionSchema<PulledDocuments['sitedata']>(SiteDataDocument, {
    primaryKey: 'id',
    // Locations, printers, settings: each read by type.
    indexes: [['type', 'id']],
    // No enum: a new kind of site data (version 1 added lists) then needs no schema change.
    indexed: { type: { type: 'string', maxLength: 20 } },
    version: 1,
  }),
  // Few on a site (tens, not thousands): the screens read them all and sort them in memory.
  isolations: collectionSchema<PulledDocuments['isolations']>(ReplicatedIsolation, {
    primaryKey: 'IsolationCertificateId',
    indexes: [],
  }),
  // One a permit with readings; read by key (a permit's page) or all at once (the list's badges).
  gastests: collectionSchema<PulledDocuments['gastests']>(ReplicatedGasTests, {
    primaryKey: 'PermitInstanceId',
    indexes: [],
  }),
  // An area's handovers of the last 15 days; read all at once (an area's history, its last shift change).
  handovers: collectionSchema<PulledDocuments['handovers']>(ReplicatedHandover, {
    primaryKey: 'HandoverId',
    indexes: [],
  }),
  outbox: collectionSchema<OutboxEntry>(OutboxEntry, {
    primaryKey: 'id',
    // The queue of one user in order, and the counts and lists by status.
    indexes: [['owner', 'status', 'seq'], ['status', 'seq']],
    indexed: {
      status: { type: 'string', enum: OUTBOX_STATUSES, maxLength: 10 },
      seq: { type: 'integer', minimum: 0, maximum: 2 ** 52, multipleOf: 1 },
    },
  }),
};
