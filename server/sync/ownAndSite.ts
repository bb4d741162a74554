import type { Draft } from '../../schemas';
import { presentWorkOrder, WORK_ORDER_COLUMNS, type WorkOrderRow } from '../workorders/document';
import { presentTemplate, TEMPLATE_COLUMNS, type TemplateRow } from '../templates/records';
import { WORK_ORDER_SCOPE_DAYS_AFTER, WORK_ORDER_SCOPE_DAYS_BEFORE } from '../../domain/replicaScope';
import { base64, toPage, type PageRow, type Source } from './page';

/** Parameters $2–$5: the replica's start (tombstones only after it), the checkpoint's DateChanged and id, the page size. */
const AFTER = (key: string) => `(date_changed, ${key}) > ($3::timestamptz, $4::text)`;

/** Within the offline window of work orders: 3 weeks ago to 1 week ahead (SPEC §9). */
const IN_WINDOW = (column: string) =>
  `(${column} >= now() - make_interval(days => $6::int) and ${column} <= now() + make_interval(days => $7::int))`;

/**
 * Work orders of the user's site scheduled in the window. One rescheduled out of the window, or
 * deleted, is a tombstone for replicas that may hold it; one that ages out as time passes is
 * purged by the local cleanup.
 */
export const pullWorkOrders: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<WorkOrderRow & PageRow>(
    `select *, count(*) over () as total from (
       select ${WORK_ORDER_COLUMNS}, work_order_number as doc_id, sync_text(date_changed) as doc_date, date_changed as changed,
              not deleted and ${IN_WINDOW('scheduled_start')} as live
         from workorders
        where site_id = $1 and ${AFTER('work_order_number')}
          and (${IN_WINDOW('scheduled_start')} or ${IN_WINDOW('previous_scheduled_start')})
     ) w
     where live or changed > $2::timestamptz
     order by changed, doc_id
     limit $5`,
    [scope.siteId, at.since, at.date, at.id, limit, WORK_ORDER_SCOPE_DAYS_BEFORE, WORK_ORDER_SCOPE_DAYS_AFTER],
  );
  return toPage(rows, 'workOrderNumber', presentWorkOrder);
};

/** Templates of the user's site: a site-wide resource, whatever location a template names. */
export const pullTemplates: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<TemplateRow & PageRow>(
    `select ${TEMPLATE_COLUMNS}, permit_template_id as doc_id, sync_text(date_changed) as doc_date, not deleted as live, count(*) over () as total
       from templates
      where site_id = $1 and ${AFTER('permit_template_id')} and (not deleted or date_changed > $2::timestamptz)
      order by templates.date_changed, permit_template_id
      limit $5`,
    [scope.siteId, at.since, at.date, at.id, limit],
  );
  return toPage(rows, 'PermitTemplateId', presentTemplate);
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
