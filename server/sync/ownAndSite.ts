import type { Draft, Template, WorkOrder } from '../../schemas';
import { WORK_ORDER_SCOPE_DAYS_AFTER, WORK_ORDER_SCOPE_DAYS_BEFORE } from '../../domain/replicaScope';
import { base64, toPage, type PageRow, type Source } from './page';

/** Parameters $2–$5: the replica's start (tombstones only after it), the checkpoint's DateChanged and id, the page size. */
const AFTER = (key: string) => `(date_changed, ${key}) > ($3::timestamptz, $4::text)`;

interface WorkOrderRow extends PageRow {
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
}

/** Within the offline window of work orders: 3 weeks ago to 1 week ahead (SPEC §9). */
const IN_WINDOW = (column: string) =>
  `(${column} >= now() - make_interval(days => $6::int) and ${column} <= now() + make_interval(days => $7::int))`;

/**
 * Work orders of the user's site scheduled in the window. One rescheduled out of the window, or
 * deleted, is a tombstone for replicas that may hold it; one that ages out as time passes is
 * purged by the local cleanup.
 */
export const pullWorkOrders: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<WorkOrderRow>(
    `select *, count(*) over () as total from (
       select work_order_number as doc_id, sync_text(date_changed) as doc_date, date_changed,
              not deleted and ${IN_WINDOW('scheduled_start')} as live,
              description, status, asset_number, asset_description, order_type, plant_code, revision_number,
              equipment_number, sync_text(scheduled_start) as scheduled_start, site_id, source_system, work_center_name, operations
         from workorders
        where site_id = $1 and ${AFTER('work_order_number')}
          and (${IN_WINDOW('scheduled_start')} or ${IN_WINDOW('previous_scheduled_start')})
     ) w
     where live or date_changed > $2::timestamptz
     order by date_changed, doc_id
     limit $5`,
    [scope.siteId, at.since, at.date, at.id, limit, WORK_ORDER_SCOPE_DAYS_BEFORE, WORK_ORDER_SCOPE_DAYS_AFTER],
  );
  return toPage(rows, 'workOrderNumber', (r): WorkOrder => ({
    workOrderNumber: r.doc_id,
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
    DateChanged: r.doc_date,
  }));
};

interface TemplateRow extends PageRow {
  name: string;
  form_key: string;
  content: string;
  type: Template['Type'];
  site_id: number;
  location_id: number | null;
  state: Template['State'];
  approved_on: string | null;
  approved_by: Template['ApprovedBy'];
  created_by: Template['CreatedBy'];
  comments: Template['Comments'];
}

/** Templates of the user's site: a site-wide resource, whatever location a template names. */
export const pullTemplates: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<TemplateRow>(
    `select permit_template_id as doc_id, sync_text(date_changed) as doc_date, not deleted as live, count(*) over () as total,
            name, form_key, content, type, site_id, location_id, state, sync_text(approved_on) as approved_on,
            approved_by, created_by, comments
       from templates
      where site_id = $1 and ${AFTER('permit_template_id')} and (not deleted or date_changed > $2::timestamptz)
      order by date_changed, permit_template_id
      limit $5`,
    [scope.siteId, at.since, at.date, at.id, limit],
  );
  return toPage(rows, 'PermitTemplateId', (r): Template => ({
    PermitTemplateId: r.doc_id,
    Name: r.name,
    FormKey: r.form_key,
    ContentJSON: r.content,
    Type: r.type,
    SiteId: r.site_id,
    LocationId: r.location_id,
    State: r.state,
    ApprovedOn: r.approved_on,
    ApprovedBy: r.approved_by,
    CreatedBy: r.created_by,
    Comments: r.comments,
    DateChanged: r.doc_date,
  }));
};

interface DraftRow extends PageRow {
  content: Draft['PermitContent'];
  content_state: Uint8Array | null;
  permit_definition_id: string;
  location_id: number;
  site_id: number;
  last_updated_on: string;
}

/** The user's own drafts, wherever they are. */
export const pullDrafts: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<DraftRow>(
    `select permit_instance_id as doc_id, sync_text(date_changed) as doc_date, not deleted as live, count(*) over () as total,
            content, content_state, permit_definition_id, location_id, site_id, sync_text(last_updated_on) as last_updated_on
       from drafts
      where owner_personnel_id = $1 and ${AFTER('permit_instance_id')} and (not deleted or date_changed > $2::timestamptz)
      order by date_changed, permit_instance_id
      limit $5`,
    [scope.personnelId, at.since, at.date, at.id, limit],
  );
  return toPage(rows, 'PermitInstanceId', (r): Draft => ({
    PermitInstanceId: r.doc_id,
    PermitContent: r.content,
    ContentState: base64(r.content_state),
    PermitDefinitionId: r.permit_definition_id,
    LocationId: r.location_id,
    SiteId: r.site_id,
    LastUpdatedOn: r.last_updated_on,
    DateChanged: r.doc_date,
  }));
};

export const ownAndSiteSources = { workorders: pullWorkOrders, templates: pullTemplates, drafts: pullDrafts } satisfies Record<string, Source>;
