-- Issue 13: the whole first sync. A permit's approval records, summary and comments were a
-- replicated document of their own (table `approvals`), so a first sync stored two documents
-- per permit, and the second cost the replica about what the first did. SPEC §3 versions them
-- by the permit's DateChanged: they move into the permit's row and its pull document.
--
-- In the row, every write of them is a write of the permit, which its stamping trigger gives a
-- new DateChanged and its generated column a new document: no write path can change them
-- without the permit reaching the replicas again. A pull page still joins stored texts only.
alter table permits
  add column approvals jsonb not null default '[]',
  add column approval_summary jsonb not null default '{"RequiredApprovals": 0, "MissingApprovals": 0, "ApprovalNature": ""}',
  add column comments jsonb not null default '[]';

-- The stored document goes first: the copy below then writes no document it would throw away.
alter table permits drop column document;
drop function permit_document;

-- Copied without restamping: a restamp would send every permit to every replica of the old
-- release too. Replicas of this release pull their permits again anyway (their permits'
-- replication starts afresh with the new schema, src/db/database.ts).
alter table permits disable trigger user;
update permits p set approvals = a.approvals, approval_summary = a.summary, comments = a.comments
  from approvals a where a.permit_instance_id = p.permit_instance_id;
alter table permits enable trigger user;

drop trigger permits_approvals on permits;
drop table approvals;
drop function approvals_before_insert;
drop function permits_propagate_to_approvals;

-- 014's document with the approvals: must stay the same document as PULLED_PERMIT_DOCUMENT in
-- server/sync/permits.ts (tests/server/permitDocument.test.ts). Immutable, as 014 explains.
create function permit_document(
  permit_instance_id text, reference_id text, permit_definition_id text, state text, content jsonb, content_state bytea,
  metadata jsonb, created_by integer, created_on timestamptz, date_changed timestamptz, site_id integer, location_id integer,
  latitude double precision, longitude double precision, effective_date timestamptz, end_state_description text,
  approval_required boolean, permit_types jsonb, asset_number text, asset_description text, work_order_number text,
  work_description jsonb, company_name text, work_date text, work_location text, permit_issuer text, permit_receiver text,
  approvals jsonb, approval_summary jsonb, comments jsonb
) returns text language sql immutable parallel safe as $$
  select json_build_object(
    'PermitInstanceId', permit_instance_id, 'PermitInstanceReferenceId', reference_id,
    'PermitDefinitionId', permit_definition_id, 'State', state, 'ContentJSON', content,
    'ContentState', translate(encode(content_state, 'base64'), E'\n', ''), 'PermitInstanceMetadataJSON', metadata,
    'CreatedBy', created_by, 'CreatedOn', sync_text(created_on), 'DateChanged', sync_text(date_changed),
    'SiteId', site_id, 'LocationId', location_id, 'Latitude', latitude, 'Longitude', longitude,
    'EffectiveDate', sync_text(effective_date), 'EndStateDescription', end_state_description,
    'approvalRequired', approval_required, 'permitTypes', permit_types, 'assetNumber', asset_number,
    'assetDescription', asset_description, 'workOrderNumber', work_order_number, 'workDescription', work_description,
    'companyName', company_name, 'workDate', work_date, 'workLocation', work_location,
    'permitIssuer', permit_issuer, 'permitReceiver', permit_receiver,
    'Approvals', approvals, 'ApprovalSummary', approval_summary, 'Comments', comments, '_deleted', false)::text
$$;

-- Compressed with lz4 where PostgreSQL has it: a pull page decompresses ~1,000 stored documents
-- of ~1.8 KB, and pglz's decompression was ~1 ms of PostgreSQL's ~8 ms of CPU for a page at 1M
-- permits; lz4 is several times faster for about the same size. Set for this transaction before
-- the column is filled, so the documents written here are lz4 too, and for the column, so later
-- writes are. PGlite is built without lz4: there the column keeps pglz.
do $$
begin
  set local default_toast_compression = 'lz4';
exception when invalid_parameter_value then
  null;
end $$;
alter table permits add column document text generated always as (permit_document(
  permit_instance_id, reference_id, permit_definition_id, state, content, content_state, metadata, created_by, created_on,
  date_changed, site_id, location_id, latitude, longitude, effective_date, end_state_description, approval_required,
  permit_types, asset_number, asset_description, work_order_number, work_description, company_name, work_date,
  work_location, permit_issuer, permit_receiver, approvals, approval_summary, comments)) stored;
do $$
begin
  alter table permits alter column document set compression lz4;
exception when feature_not_supported then
  null;
end $$;
