-- Issue 40: a permit's history travels with it. The events 018 keeps in `permits.history` join the
-- stored pull document (as 015 added the approvals), so the History tab reads them from the
-- replica, offline too, and every event, written in the permit's own row, restamps the permit
-- and reaches the replicas with it. Nothing is added to a pull page's query: it still sends the
-- stored texts. An empty history costs each document `"History" : []`, 15 bytes before compression.
alter table permits drop column document;
drop function permit_document;

-- 015's document with the history: must stay the same document as PULLED_PERMIT_DOCUMENT in
-- server/sync/permits.ts (tests/server/permitDocument.test.ts). Immutable, as 014 explains.
create function permit_document(
  permit_instance_id text, reference_id text, permit_definition_id text, state text, content jsonb, content_state bytea,
  metadata jsonb, created_by integer, created_on timestamptz, date_changed timestamptz, site_id integer, location_id integer,
  latitude double precision, longitude double precision, effective_date timestamptz, end_state_description text,
  approval_required boolean, permit_types jsonb, asset_number text, asset_description text, work_order_number text,
  work_description jsonb, company_name text, work_date text, work_location text, permit_issuer text, permit_receiver text,
  approvals jsonb, approval_summary jsonb, comments jsonb, history jsonb
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
    'Approvals', approvals, 'ApprovalSummary', approval_summary, 'Comments', comments, 'History', history,
    '_deleted', false)::text
$$;

-- The column comes back with 015's lz4 (where PostgreSQL has it) and 016's storage MAIN, set in the
-- statement that adds it: PostgreSQL rewrites the table once, after every part of the statement,
-- so the documents of the permits already there are written compressed with lz4 and kept in their
-- rows, with no CLUSTER after it (016 needed one only because it changed a column already filled).
-- The id keeps 017's storage: this rewrite stores it inline again as it was.
do $$
declare
  add_document constant text := $sql$
    alter table permits
      add column document text generated always as (permit_document(
        permit_instance_id, reference_id, permit_definition_id, state, content, content_state, metadata, created_by, created_on,
        date_changed, site_id, location_id, latitude, longitude, effective_date, end_state_description, approval_required,
        permit_types, asset_number, asset_description, work_order_number, work_description, company_name, work_date,
        work_location, permit_issuer, permit_receiver, approvals, approval_summary, comments, history)) stored,
      alter column document set storage main$sql$;
begin
  begin
    execute add_document || ', alter column document set compression lz4';
  exception when feature_not_supported then
    -- PGlite is built without lz4: the column keeps pglz.
    execute add_document;
  end;
end $$;
