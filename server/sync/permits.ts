import type { ApprovalRecord, Comment, Permit, PermitApprovals, PermitDefinition } from '../../schemas';
import { OPEN_PERMIT_STATES } from '../../schemas';
import { PERMIT_SCOPE_DAYS, PERMIT_SCOPE_MAX } from '../../domain/replicaScope';
import type { Queryable } from '../db/database';
import { base64, toPage, type After, type PageRow, type Source } from './page';
import type { SyncScope } from './scope';

/**
 * Permits in a user's scope (DESIGN.md §4.6): at a viewable location, and open, created in the
 * last 15 days, or changed in them — so a permit that closes still reaches the replicas that
 * hold it, whose cleanup then purges it. The newest 5,000 by creation.
 * Parameters: $1 viewable, $2 open states, $3 days, $4 cap, then $5–$8 of `pageParams`.
 */
const PERMIT_SCOPE = `permit_scope as (
  select permit_instance_id, date_changed from permits
   where not deleted and location_id = any($1::int[])
     and (state = any($2::text[]) or created_on >= now() - make_interval(days => $3::int)
          or date_changed >= now() - make_interval(days => $3::int))
   order by created_on desc, permit_instance_id
   limit $4::int)`;

/** $5 the replica's start (tombstones only after it), $6 and $7 the checkpoint's DateChanged and id, $8 the page size. */
const AFTER = (alias: string, key: string) => `(${alias}.date_changed, ${alias}.${key}) > ($6::timestamptz, $7::text)`;

/** A document that was at a location the user can see and is now deleted or elsewhere: a tombstone. */
const LEFT_SIGHT = (row: string, permit: string, deleted: string) =>
  `${row}.date_changed > $5::timestamptz and ${permit}.location_history && $1::int[] and (${deleted} or not ${permit}.location_id = any($1::int[]))`;

const scopeParams = (scope: SyncScope, at: After, limit: number) => [
  scope.viewable, OPEN_PERMIT_STATES, PERMIT_SCOPE_DAYS, PERMIT_SCOPE_MAX, at.since, at.date, at.id, limit,
];

export interface PermitRow extends PageRow {
  reference_id: string;
  permit_definition_id: string;
  state: string;
  content: Permit['ContentJSON'];
  content_state: Uint8Array | null;
  metadata: Permit['PermitInstanceMetadataJSON'];
  created_by: number;
  created_on: string;
  site_id: number;
  location_id: number;
  latitude: number | null;
  longitude: number | null;
  effective_date: string | null;
  end_state_description: string | null;
  approval_required: boolean;
  permit_types: Permit['permitTypes'];
  asset_number: string;
  asset_description: string;
  work_order_number: string;
  work_description: Permit['workDescription'];
  company_name: string;
  work_date: string;
  work_location: string;
  permit_issuer: string;
  permit_receiver: string;
}

export const presentPermit = (r: PermitRow): Permit => ({
  PermitInstanceId: r.doc_id,
  PermitInstanceReferenceId: r.reference_id,
  PermitDefinitionId: r.permit_definition_id,
  State: r.state,
  ContentJSON: r.content,
  ContentState: base64(r.content_state),
  PermitInstanceMetadataJSON: r.metadata,
  CreatedBy: r.created_by,
  CreatedOn: r.created_on,
  DateChanged: r.doc_date,
  SiteId: r.site_id,
  LocationId: r.location_id,
  Latitude: r.latitude,
  Longitude: r.longitude,
  EffectiveDate: r.effective_date,
  EndStateDescription: r.end_state_description,
  approvalRequired: r.approval_required,
  permitTypes: r.permit_types,
  assetNumber: r.asset_number,
  assetDescription: r.asset_description,
  workOrderNumber: r.work_order_number,
  workDescription: r.work_description,
  companyName: r.company_name,
  workDate: r.work_date,
  workLocation: r.work_location,
  permitIssuer: r.permit_issuer,
  permitReceiver: r.permit_receiver,
});

export const pullPermits: Source = async (tx: Queryable, scope, at, limit) => {
  const rows = await tx.query<PermitRow>(
    `with ${PERMIT_SCOPE},
     hits as (
       select s.permit_instance_id, s.date_changed, true as live from permit_scope s where ${AFTER('s', 'permit_instance_id')}
       union all
       select p.permit_instance_id, p.date_changed, false from permits p where ${AFTER('p', 'permit_instance_id')} and ${LEFT_SIGHT('p', 'p', 'p.deleted')}
     ),
     -- Order and count the narrow rows; read the wide ones for this page only.
     page as (
       select permit_instance_id, live, date_changed, count(*) over () as total
         from hits
        order by date_changed, permit_instance_id
        limit $8
     )
     select p.permit_instance_id as doc_id, sync_text(p.date_changed) as doc_date, page.live, page.total,
            p.reference_id, p.permit_definition_id, p.state, p.content, p.content_state, p.metadata, p.created_by,
            sync_text(p.created_on) as created_on, p.site_id, p.location_id, p.latitude, p.longitude,
            sync_text(p.effective_date) as effective_date, p.end_state_description, p.approval_required, p.permit_types,
            p.asset_number, p.asset_description, p.work_order_number, p.work_description, p.company_name, p.work_date,
            p.work_location, p.permit_issuer, p.permit_receiver
       from page join permits p using (permit_instance_id)
      order by page.date_changed, page.permit_instance_id`,
    scopeParams(scope, at, limit),
  );
  return toPage(rows, 'PermitInstanceId', presentPermit);
};

interface ApprovalsRow extends PageRow {
  location_id: number;
  approvals: ApprovalRecord[];
  summary: PermitApprovals['Summary'];
  comments: Comment[];
}

export const pullApprovals: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<ApprovalsRow>(
    `with ${PERMIT_SCOPE},
     hits as (
       select a.permit_instance_id, true as live from approvals a join permit_scope using (permit_instance_id)
        where not a.deleted and ${AFTER('a', 'permit_instance_id')}
       union all
       select a.permit_instance_id, false from approvals a join permits p using (permit_instance_id)
        where ${AFTER('a', 'permit_instance_id')} and ${LEFT_SIGHT('a', 'p', '(a.deleted or p.deleted)')}
     ),
     page as (
       select h.permit_instance_id, h.live, a.date_changed, count(*) over () as total
         from hits h join approvals a using (permit_instance_id)
        order by a.date_changed, a.permit_instance_id
        limit $8
     )
     select a.permit_instance_id as doc_id, sync_text(a.date_changed) as doc_date, page.live, page.total,
            a.location_id, a.approvals, a.summary, a.comments
       from page join approvals a using (permit_instance_id)
      order by page.date_changed, page.permit_instance_id`,
    scopeParams(scope, at, limit),
  );
  return toPage(rows, 'PermitInstanceId', (r): PermitApprovals => ({
    PermitInstanceId: r.doc_id,
    LocationId: r.location_id,
    Approvals: r.approvals,
    Summary: r.summary,
    Comments: r.comments,
    DateChanged: r.doc_date,
  }));
};

interface DefinitionRow extends PageRow {
  location_id: number;
  effective_date: string;
  metadata: PermitDefinition['DefinitionMetadataJSON'];
  s3_key: string;
  forms: PermitDefinition['Forms'];
}

/**
 * Definitions referenced by the permits in scope or by the location metadata of the locations
 * the user works at (their own or inherited). A definition nothing in scope references any
 * more is not tombstoned: it is harmless, and the local cleanup may drop it.
 */
export const pullDefinitions: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<DefinitionRow>(
    `with ${PERMIT_SCOPE},
     refs as (
       select p.permit_definition_id from permits p join permit_scope using (permit_instance_id)
       union
       select metadata ->> 'PermitDefinitionId' from location_metadata where not deleted and location_id = any($9::int[])
     )
     select d.permit_definition_id as doc_id, sync_text(d.date_changed) as doc_date, not d.deleted as live,
            count(*) over () as total, d.location_id, sync_text(d.effective_date) as effective_date, d.metadata, d.s3_key, d.forms
       from definitions d
      where d.permit_definition_id in (select permit_definition_id from refs)
        and ${AFTER('d', 'permit_definition_id')} and (not d.deleted or d.date_changed > $5::timestamptz)
      order by d.date_changed, d.permit_definition_id
      limit $8`,
    [...scopeParams(scope, at, limit), scope.served],
  );
  return toPage(rows, 'PermitDefinitionId', (r): PermitDefinition => ({
    PermitDefinitionId: r.doc_id,
    LocationId: r.location_id,
    EffectiveDate: r.effective_date,
    DefinitionMetadataJSON: r.metadata,
    DefinitionJSONS3Key: r.s3_key,
    Forms: r.forms,
    DateChanged: r.doc_date,
  }));
};
