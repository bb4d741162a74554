-- Issue 13: a pull page at 1,000,000 permits. Each permit keeps the JSON text it is pulled as
-- (server/sync/permits.ts), so a page joins stored texts instead of building 1,000 documents
-- from their columns (~20 ms of a page's ~34 ms: jsonb written as text, base64 of the Yjs
-- state, three timestamps).
--
-- A stored generated column rather than a trigger: PostgreSQL computes it on every insert and
-- update, after the BEFORE triggers (so with the DateChanged the sync clock stamped), whatever
-- the statement — no write path can leave it stale, and adding it fills every existing row
-- without restamping them (which would send every permit to every replica again).
--
-- Must stay the same document as PERMIT_DOCUMENT in server/sync/permits.ts, which records and
-- search still build (tests/server/permitDocument.test.ts compares them after each kind of write).
-- Declared immutable, as a generated column requires, and it is: the timestamps are written in
-- UTC with a fixed pattern (no locale-dependent field), everything else by its type's output.
-- Changing it means dropping and adding the column again, which rewrites every row.
create function permit_document(
  permit_instance_id text, reference_id text, permit_definition_id text, state text, content jsonb, content_state bytea,
  metadata jsonb, created_by integer, created_on timestamptz, date_changed timestamptz, site_id integer, location_id integer,
  latitude double precision, longitude double precision, effective_date timestamptz, end_state_description text,
  approval_required boolean, permit_types jsonb, asset_number text, asset_description text, work_order_number text,
  work_description jsonb, company_name text, work_date text, work_location text, permit_issuer text, permit_receiver text
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
    'permitIssuer', permit_issuer, 'permitReceiver', permit_receiver, '_deleted', false)::text
$$;

alter table permits add column document text generated always as (permit_document(
  permit_instance_id, reference_id, permit_definition_id, state, content, content_state, metadata, created_by, created_on,
  date_changed, site_id, location_id, latitude, longitude, effective_date, end_state_description, approval_required,
  permit_types, asset_number, asset_description, work_order_number, work_description, company_name, work_date,
  work_location, permit_issuer, permit_receiver)) stored;
