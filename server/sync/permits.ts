import type { PermitDefinition } from '../../schemas';
import { OPEN_PERMIT_STATES } from '../../schemas';
import { PERMIT_SCOPE_DAYS, PERMIT_SCOPE_MAX } from '../../domain/replicaScope';
import type { Queryable } from '../db/database';
import { BEGINNING, toJsonPage, toPage, type After, type DocumentJson, type PageRow, type Source } from './page';
import type { SyncScope } from './scope';

/**
 * Permits in a user's scope (DESIGN.md §4.6): at a viewable location, and open, created in the
 * last 15 days, or changed in them — so a permit that closes still reaches the replicas that
 * hold it, whose cleanup then purges it. The newest 5,000 by creation.
 * Parameters: $1 viewable, $2 open states, $3 days, $4 cap, then $5–$8 of `pageParams`.
 *
 * Three index ranges (011_performance.sql) rather than one OR over every permit ever made at
 * these locations: the cost follows the scope, not the years of history. Made disjoint (created in
 * the last days; created before and changed in them; open, created and changed before), each read
 * from its index alone, they need no de-duplication, and the newest $4 by creation are kept by
 * their boundary, the $4-th newest (created_on, permit_instance_id), sorted for only when the
 * scope holds more than $4. A first sync reads the scope on each of its pages: the union's
 * de-duplication and the sort of the whole scope by creation made a page at 20,000 permits in
 * scope cost 37 ms on PostgreSQL and 90 ms on PGlite, against 20 and 60 this way (issue 13,
 * bench/scopePages.ts). No range may bound created_on from above alone: PostgreSQL would read it
 * from permits_scope, every permit ever made at these locations (15,000 at 1M permits).
 */
const PERMIT_SCOPE = `scope_ranges as materialized (
    select permit_instance_id, date_changed, created_on from permits
     where not deleted and location_id = any($1::int[]) and created_on >= now() - make_interval(days => $3::int)
    union all
    select permit_instance_id, date_changed, created_on from permits
     where not deleted and location_id = any($1::int[]) and date_changed >= now() - make_interval(days => $3::int)
       and created_on < now() - make_interval(days => $3::int)
    union all
    select permit_instance_id, date_changed, created_on from permits
     where not deleted and location_id = any($1::int[]) and state = any($2::text[])
       and created_on < now() - make_interval(days => $3::int) and date_changed < now() - make_interval(days => $3::int)
  ),
  scope_size as (select count(*)::int as n from scope_ranges),
  -- The $4-th newest, counted from whichever end is nearer, so the sort keeps the fewer rows (a
  -- bounded sort): from the newest when the scope holds twice the cap or more, else from the oldest.
  scope_boundary as (
    (select created_on, permit_instance_id from scope_ranges
      where (select n from scope_size) >= 2 * $4::int
      order by created_on desc, permit_instance_id
      offset $4::int - 1 limit 1)
    union all
    (select created_on, permit_instance_id from scope_ranges
      where (select n from scope_size) between $4::int + 1 and 2 * $4::int - 1
      order by created_on, permit_instance_id desc
      offset greatest((select n from scope_size) - $4::int, 0) limit 1)
  ),
  -- The scope's ranges but for the permits older than the boundary (none without one).
  permit_scope as (
    select s.permit_instance_id, s.date_changed from scope_ranges s
     where not exists (select from scope_boundary b
                        where s.created_on < b.created_on or (s.created_on = b.created_on and s.permit_instance_id > b.permit_instance_id))
  )`;

/** $5 the replica's start (tombstones only after it), $6 and $7 the checkpoint's DateChanged and id, $8 the page size. */
const AFTER = (alias: string, key: string) => `(${alias}.date_changed, ${alias}.${key}) > ($6::timestamptz, $7::text)`;

/** PERMIT_SCOPE's three ranges as one condition on a permit `p` at a viewable location. */
const IN_SCOPE = (p: string) =>
  `(${p}.state = any($2::text[]) or ${p}.created_on >= now() - make_interval(days => $3::int) or ${p}.date_changed >= now() - make_interval(days => $3::int))`;

/**
 * PERMIT_SCOPE cut down to the permits changed after the checkpoint — what a catch-up pull of a
 * replica that is live needs — each kept if fewer than $4 permits of the scope come before it
 * in the scope's order, which is being among the newest $4. The cost follows the changes and
 * how recent they are, not the whole scope: the scope's 5,000 permits read and sorted for one
 * edit took 45–500 ms on PGlite and 30–120 ms on PostgreSQL at load 10–16, most of the time a
 * change took to reach a second device (issue 13).
 */
const CHANGED_SCOPE = `permit_scope as (
  select c.permit_instance_id, c.date_changed from permits c
   where not c.deleted and c.location_id = any($1::int[]) and ${AFTER('c', 'permit_instance_id')} and ${IN_SCOPE('c')}
     and (select count(*) from (
           select from permits q
            where not q.deleted and q.location_id = any($1::int[]) and ${IN_SCOPE('q')}
              -- Implied by the next line, but a bound the scope index can start from: without it
              -- the count read every permit ever made at these locations (15,000 at 1M permits).
              and q.created_on >= c.created_on
              and (q.created_on > c.created_on or (q.created_on = c.created_on and q.permit_instance_id < c.permit_instance_id))
            limit $4::int) before_it) < $4::int)`;

/**
 * Up to this many permits changed after the checkpoint, CHANGED_SCOPE is cheaper than the whole
 * scope: each one costs a count of the permits newer than it (bounded by the cap), so a first
 * sync or a device back after days takes PERMIT_SCOPE.
 */
const FEW_CHANGES = 10;

/** Whether at most FEW_CHANGES live permits at the viewable locations changed after the checkpoint (an index range). */
async function fewChanges(tx: Queryable, scope: SyncScope, at: After): Promise<boolean> {
  if (at.date === BEGINNING) return false;
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from (
       select from permits where not deleted and location_id = any($1::int[]) and date_changed >= $2::timestamptz
          and (date_changed, permit_instance_id) > ($2::timestamptz, $3::text)
        limit ${FEW_CHANGES + 1}) changed`,
    [scope.viewable, at.date, at.id],
  );
  return row!.n <= FEW_CHANGES;
}

/**
 * AFTER for a tombstone branch, which also needs `date_changed > $5`: written so the index range
 * starts at the later of the two bounds. With the row comparison as its start, PostgreSQL read
 * the sync index from the checkpoint — the whole index on a first sync (~280 ms at 1M permits).
 */
const AFTER_TOMBSTONE = (alias: string, key: string) =>
  `${alias}.date_changed >= greatest($5::timestamptz, $6::timestamptz)
   and (${alias}.date_changed > $6::timestamptz or (${alias}.date_changed = $6::timestamptz and ${alias}.${key} > $7::text))`;

/** A document that was at a location the user can see and is now deleted or elsewhere: a tombstone. */
const LEFT_SIGHT = (row: string, permit: string, deleted: string) =>
  `${row}.date_changed > $5::timestamptz and ${permit}.location_history && $1::int[] and (${deleted} or not ${permit}.location_id = any($1::int[]))`;

/**
 * SPEC §9's 5,000 permits a replica holds. The bench's server raises it (PERMIT_SCOPE_MAX) to time
 * a first sync of 20,000 (bench/scenarios/largeSync.ts); a deployment leaves it unset.
 */
const SCOPE_MAX = Number(process.env.PERMIT_SCOPE_MAX) || PERMIT_SCOPE_MAX;

const scopeParams = (scope: SyncScope, at: After, limit: number) => [
  scope.viewable, OPEN_PERMIT_STATES, PERMIT_SCOPE_DAYS, SCOPE_MAX, at.since, at.date, at.id, limit,
];

/**
 * A permit's document (SPEC §3) as PostgreSQL builds it from the permits row `p`: the arguments
 * of json_build_object, for records and search. Pulls send it with the approvals and
 * the history (PULLED_PERMIT_DOCUMENT) as each permit's write stored it (`permits.document`,
 * 019_permit_history.sql), which must stay in step with these (tests/server/permitDocument.test.ts).
 */
export const PERMIT_DOCUMENT = `
  'PermitInstanceId', p.permit_instance_id, 'PermitInstanceReferenceId', p.reference_id,
  'PermitDefinitionId', p.permit_definition_id, 'State', p.state, 'ContentJSON', p.content,
  'ContentState', translate(encode(p.content_state, 'base64'), E'\\n', ''), 'PermitInstanceMetadataJSON', p.metadata,
  'CreatedBy', p.created_by, 'CreatedOn', sync_text(p.created_on), 'DateChanged', sync_text(p.date_changed),
  'SiteId', p.site_id, 'LocationId', p.location_id, 'Latitude', p.latitude, 'Longitude', p.longitude,
  'EffectiveDate', sync_text(p.effective_date), 'EndStateDescription', p.end_state_description,
  'approvalRequired', p.approval_required, 'permitTypes', p.permit_types, 'assetNumber', p.asset_number,
  'assetDescription', p.asset_description, 'workOrderNumber', p.work_order_number, 'workDescription', p.work_description,
  'companyName', p.company_name, 'workDate', p.work_date, 'workLocation', p.work_location,
  'permitIssuer', p.permit_issuer, 'permitReceiver', p.permit_receiver`;

/**
 * The permit as a replica holds it: PERMIT_DOCUMENT with its approval records, their summary,
 * its comments and its history (the audit events of the permit, issue 40), versioned by the
 * permit's DateChanged (SPEC §3) — they live in the permit's row, so a write of them is a write
 * of the permit. What `permits.document` stores (019_permit_history.sql), but for '_deleted'.
 */
export const PULLED_PERMIT_DOCUMENT = `${PERMIT_DOCUMENT},
  'Approvals', p.approvals, 'ApprovalSummary', p.approval_summary, 'Comments', p.comments, 'History', p.history`;

/**
 * A page is sent as the database holds it: each permit's document is the text its last write
 * stored, so a page of 1,000 reads texts rather than building them (issue 13).
 */
export const pullPermits: Source = async (tx: Queryable, scope, at, limit) => {
  const inScope = (await fewChanges(tx, scope, at)) ? CHANGED_SCOPE : PERMIT_SCOPE;
  const rows = await tx.query<PageRow & { document: DocumentJson }>(
    `with ${inScope},
     hits as (
       select s.permit_instance_id, s.date_changed, true as live from permit_scope s where ${AFTER('s', 'permit_instance_id')}
       union all
       select p.permit_instance_id, p.date_changed, false from permits p where ${AFTER_TOMBSTONE('p', 'permit_instance_id')} and ${LEFT_SIGHT('p', 'p', 'p.deleted')}
     ),
     -- Order and count the narrow rows; read the wide ones for this page only.
     page as (
       select permit_instance_id, live, date_changed, count(*) over () as total
         from hits
        order by date_changed, permit_instance_id
        limit $8
     )
     select p.permit_instance_id as doc_id, sync_text(p.date_changed) as doc_date, page.live, page.total,
            p.document
       from page join permits p using (permit_instance_id)
      order by page.date_changed, page.permit_instance_id`,
    scopeParams(scope, at, limit),
  );
  return toJsonPage(rows, 'PermitInstanceId');
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
