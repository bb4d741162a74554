-- Replicated data and the sync clock (DESIGN.md §4.4–4.6).
--
-- Every replicated row carries date_changed, stamped by a trigger from one sync clock, and
-- `deleted`: the application never deletes such a row, it marks it (a tombstone), so every
-- replica learns of the deletion. The maintenance job (server/sync/purge.ts) removes tombstones
-- after the retention period and records the purge horizon; an older checkpoint is answered
-- with "resync". Needs PostgreSQL 14 or later (exact numeric epoch), as PGlite is.

-- The sync clock: one row, whose row lock orders every writer of replicated rows.
create table sync_clock (
  singleton boolean primary key default true check (singleton),
  last_stamp timestamptz not null
);
insert into sync_clock (last_stamp) values ('2000-01-01T00:00:00Z');

-- The newest date_changed among tombstones purged so far: checkpoints before it may have missed one.
create table sync_purge (
  singleton boolean primary key default true check (singleton),
  horizon timestamptz not null
);
insert into sync_purge (horizon) values ('-infinity');

-- The DateChanged of the current transaction: greatest(clock_timestamp(), last + 1 µs).
-- The update locks the clock row until commit, so a second writer waits here and gets a later
-- stamp only once the first has committed: DateChanged order = commit order, and a reader that
-- has seen stamp T can never later see a commit stamped before T (DESIGN.md §4.5).
-- One stamp per transaction (cached in a transaction-local setting): rows written together
-- share it, and their order on a page is decided by id.
create function sync_stamp() returns timestamptz language plpgsql as $$
declare
  cached text := current_setting('openpermit.sync_stamp', true);
  stamp timestamptz;
begin
  if cached is not null and cached <> '' then
    -- Microseconds since the epoch: exact, whatever the session's DateStyle or TimeZone.
    return 'epoch'::timestamptz + cached::bigint * interval '1 microsecond';
  end if;
  update sync_clock set last_stamp = greatest(clock_timestamp(), last_stamp + interval '1 microsecond')
    returning last_stamp into stamp;
  perform set_config('openpermit.sync_stamp', (extract(epoch from stamp) * 1000000)::bigint::text, true);
  return stamp;
end $$;

create function sync_stamp_row() returns trigger language plpgsql as $$
begin
  new.date_changed := sync_stamp();
  return new;
end $$;

-- Wakes the SSE streams of every instance: {"c": collection, "k": key kind, "v": key values}.
-- k is 'l' (location ids), 's' (site ids) or 'p' (personnel ids), null for "everyone"; an
-- update sends the old key as well, so the user a row moved away from is woken too.
-- PostgreSQL folds identical notifications of one transaction into one.
create function sync_notify() returns trigger language plpgsql as $$
declare
  keys int[] := '{}';
  k int;
begin
  if tg_nargs > 2 then
    execute format('select ($1).%I', tg_argv[2]) using new into k;
    keys := array[k];
    if tg_op = 'UPDATE' then
      execute format('select ($1).%I', tg_argv[2]) using old into k;
      if k is distinct from keys[1] then keys := keys || k; end if;
    end if;
  end if;
  perform pg_notify('openpermit_sync', json_build_object('c', tg_argv[0], 'k', tg_argv[1], 'v', keys)::text);
  return null;
end $$;

-- Permits (SPEC §3). The derived display fields are materialised for search and lists.
create table permits (
  permit_instance_id text primary key,
  reference_id text not null default 'TBD',
  permit_definition_id text not null,
  state text not null default 'DRAFT',
  content jsonb not null default '{}',
  -- The Yjs document of the content (DESIGN.md §5); empty until the first content write.
  content_state bytea not null default '\x',
  metadata jsonb not null default '{"UsersOfGroupList": [], "AvailablePermits": []}',
  created_by integer not null,
  created_on timestamptz not null default now(),
  site_id integer not null,
  location_id integer not null,
  latitude double precision,
  longitude double precision,
  effective_date timestamptz,
  end_state_description text,
  approval_required boolean not null default true,
  permit_types jsonb not null default '[]',
  asset_number text not null default '',
  asset_description text not null default '',
  work_order_number text not null default '',
  work_description jsonb not null default '[]',
  company_name text not null default '',
  work_date text not null default '',
  work_location text not null default '',
  permit_issuer text not null default '',
  permit_receiver text not null default '',
  -- Every location the permit has been at, current one included: a user who could see any of
  -- them gets a tombstone when the permit moves out of their sight.
  location_history integer[] not null default '{}',
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index permits_sync on permits (date_changed, permit_instance_id);
create index permits_location on permits (location_id, created_on);
create index permits_history on permits using gin (location_history);

create function permits_before_write() returns trigger language plpgsql as $$
begin
  if not new.location_id = any(new.location_history) then
    new.location_history := new.location_history || new.location_id;
  end if;
  return new;
end $$;

-- One document per permit: approval records, summary and comments (SPEC §3).
create table approvals (
  permit_instance_id text primary key references permits on delete cascade,
  -- Copied from the permit (by trigger) so notifications can name the location.
  location_id integer not null default 0,
  approvals jsonb not null default '[]',
  summary jsonb not null default '{"RequiredApprovals": 0, "MissingApprovals": 0, "ApprovalNature": ""}',
  comments jsonb not null default '[]',
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index approvals_sync on approvals (date_changed, permit_instance_id);

create function approvals_before_insert() returns trigger language plpgsql as $$
begin
  select location_id, deleted or new.deleted into new.location_id, new.deleted
    from permits where permit_instance_id = new.permit_instance_id;
  return new;
end $$;

-- A permit that moves or is deleted restamps its approvals, so they follow it in and out of scope.
create function permits_propagate_to_approvals() returns trigger language plpgsql as $$
begin
  update approvals set location_id = new.location_id, deleted = new.deleted
    where permit_instance_id = new.permit_instance_id;
  return null;
end $$;

create table drafts (
  permit_instance_id text primary key,
  owner_personnel_id integer not null,
  content jsonb not null default '{}',
  content_state bytea not null default '\x',
  permit_definition_id text not null,
  location_id integer not null,
  site_id integer not null,
  last_updated_on timestamptz not null default now(),
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index drafts_sync on drafts (owner_personnel_id, date_changed, permit_instance_id);

create table definitions (
  permit_definition_id text primary key,
  location_id integer not null,
  effective_date timestamptz not null default now(),
  metadata jsonb not null,
  s3_key text not null default '',
  forms jsonb not null default '{}',
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index definitions_sync on definitions (date_changed, permit_definition_id);

-- Definitions replicate because something in scope references them. A reference made to an
-- older definition (a permit moved in, or copied from a stale definition; metadata pointed at
-- an existing one) restamps it, so replicas past its date_changed still receive it.
create function touch_definition(definition_id text) returns void language plpgsql as $$
begin
  update definitions set deleted = deleted where permit_definition_id = definition_id;
end $$;

create function permits_reference_definition() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' or not exists (
    select 1 from location_metadata m
     where not m.deleted and m.metadata ->> 'PermitDefinitionId' = new.permit_definition_id
  ) then
    perform touch_definition(new.permit_definition_id);
  end if;
  return null;
end $$;

create function metadata_reference_definition() returns trigger language plpgsql as $$
begin
  if new.metadata ->> 'PermitDefinitionId' is not null then
    perform touch_definition(new.metadata ->> 'PermitDefinitionId');
  end if;
  return null;
end $$;

-- Maintenance work orders from SAP PM or Oracle (SPEC §3).
create table workorders (
  work_order_number text primary key,
  site_id integer not null,
  scheduled_start timestamptz not null,
  -- The schedule before the last change: a work order rescheduled out of the offline window
  -- becomes a tombstone for replicas that held it.
  previous_scheduled_start timestamptz,
  description text not null default '',
  status text[] not null default '{}',
  asset_number text not null default '',
  asset_description text not null default '',
  order_type text not null default '',
  plant_code text not null default '',
  revision_number text not null default '',
  equipment_number text not null default '',
  source_system text not null default 'SAP' check (source_system in ('SAP', 'Oracle')),
  work_center_name text not null default '',
  operations jsonb not null default '[]',
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index workorders_sync on workorders (site_id, date_changed, work_order_number);

create function workorders_before_update() returns trigger language plpgsql as $$
begin
  if new.scheduled_start is distinct from old.scheduled_start then
    new.previous_scheduled_start := old.scheduled_start;
  end if;
  return new;
end $$;

-- Permit and work templates (SPEC §3); ContentJSON is kept as the string the API exchanges.
create table templates (
  permit_template_id text primary key,
  name text not null,
  form_key text not null,
  content text not null default '{}',
  type text not null check (type in ('permit', 'work')),
  site_id integer not null,
  location_id integer,
  state text not null default 'DRAFT',
  approved_on timestamptz,
  approved_by jsonb,
  created_by jsonb not null,
  comments jsonb not null default '[]',
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index templates_sync on templates (site_id, date_changed, permit_template_id);

-- The sources of the sitedata collection get the same clock. Existing rows share one stamp.
alter table locations add column deleted boolean not null default false, add column date_changed timestamptz;
alter table location_metadata add column deleted boolean not null default false, add column date_changed timestamptz;
alter table printers add column deleted boolean not null default false, add column date_changed timestamptz;
alter table remote_settings add column deleted boolean not null default false, add column date_changed timestamptz;
-- A user's preferences document; also restamped when their grants or status change, which
-- wakes their replica (and their change stream) to find its scope changed.
alter table users add column preferences_changed timestamptz;
update locations set date_changed = sync_stamp();
update location_metadata set date_changed = sync_stamp();
update printers set date_changed = sync_stamp();
update remote_settings set date_changed = sync_stamp();
update users set preferences_changed = sync_stamp();
alter table locations alter column date_changed set not null;
alter table location_metadata alter column date_changed set not null;
alter table printers alter column date_changed set not null;
alter table remote_settings alter column date_changed set not null;
alter table users alter column preferences_changed set not null;

create function users_stamp_preferences() returns trigger language plpgsql as $$
begin
  new.preferences_changed := sync_stamp();
  return new;
end $$;

-- Stamping triggers: every replicated row, on every insert and update.
create trigger permits_stamp before insert or update on permits for each row execute function sync_stamp_row();
create trigger permits_history before insert or update on permits for each row execute function permits_before_write();
create trigger approvals_stamp before insert or update on approvals for each row execute function sync_stamp_row();
create trigger approvals_location before insert on approvals for each row execute function approvals_before_insert();
create trigger drafts_stamp before insert or update on drafts for each row execute function sync_stamp_row();
create trigger definitions_stamp before insert or update on definitions for each row execute function sync_stamp_row();
create trigger workorders_stamp before insert or update on workorders for each row execute function sync_stamp_row();
create trigger workorders_reschedule before update on workorders for each row execute function workorders_before_update();
create trigger templates_stamp before insert or update on templates for each row execute function sync_stamp_row();
create trigger locations_stamp before insert or update on locations for each row execute function sync_stamp_row();
create trigger location_metadata_stamp before insert or update on location_metadata for each row execute function sync_stamp_row();
create trigger printers_stamp before insert or update on printers for each row execute function sync_stamp_row();
create trigger remote_settings_stamp before insert or update on remote_settings for each row execute function sync_stamp_row();
create trigger users_stamp_insert before insert on users for each row execute function users_stamp_preferences();
create trigger users_stamp_update before update on users for each row
  when (new.preferences is distinct from old.preferences or new.permissions is distinct from old.permissions
        or new.site_id is distinct from old.site_id or new.active_flag is distinct from old.active_flag
        or new.delete_flag is distinct from old.delete_flag)
  execute function users_stamp_preferences();

-- Reference and propagation triggers.
create trigger permits_approvals after update on permits for each row
  when (new.location_id is distinct from old.location_id or new.deleted is distinct from old.deleted)
  execute function permits_propagate_to_approvals();
create trigger permits_definition_insert after insert on permits for each row execute function permits_reference_definition();
create trigger permits_definition_update after update on permits for each row
  when (new.location_id is distinct from old.location_id or new.permit_definition_id is distinct from old.permit_definition_id)
  execute function permits_reference_definition();
create trigger location_metadata_definition_insert after insert on location_metadata for each row
  execute function metadata_reference_definition();
create trigger location_metadata_definition_update after update on location_metadata for each row
  when (new.metadata ->> 'PermitDefinitionId' is distinct from old.metadata ->> 'PermitDefinitionId')
  execute function metadata_reference_definition();

-- Change notifications for the SSE streams.
create trigger permits_notify after insert or update on permits for each row execute function sync_notify('permits', 'l', 'location_id');
create trigger approvals_notify after insert or update on approvals for each row execute function sync_notify('approvals', 'l', 'location_id');
create trigger drafts_notify after insert or update on drafts for each row execute function sync_notify('drafts', 'p', 'owner_personnel_id');
create trigger definitions_notify after insert or update on definitions for each row execute function sync_notify('definitions', 'l', 'location_id');
create trigger workorders_notify after insert or update on workorders for each row execute function sync_notify('workorders', 's', 'site_id');
create trigger templates_notify after insert or update on templates for each row execute function sync_notify('templates', 's', 'site_id');
create trigger locations_notify after insert or update on locations for each row execute function sync_notify('sitedata');
create trigger location_metadata_notify after insert or update on location_metadata for each row execute function sync_notify('sitedata', 'l', 'location_id');
create trigger printers_notify after insert or update on printers for each row execute function sync_notify('sitedata', 'l', 'location_id');
create trigger remote_settings_notify after insert or update on remote_settings for each row execute function sync_notify('sitedata');
create trigger users_notify after update on users for each row
  when (new.preferences_changed is distinct from old.preferences_changed)
  execute function sync_notify('sitedata', 'p', 'personnel_id');

-- Replayable responses of mutating requests, per user and Idempotency-Key (DESIGN.md §4.3).
create table idempotency_keys (
  personnel_id integer not null,
  key text not null,
  request_hash text not null,
  -- Null while the first request is still being processed.
  status_code integer,
  content_type text,
  body text,
  created_at timestamptz not null default now(),
  primary key (personnel_id, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);

-- DateChanged as it travels: ISO 8601 in UTC with microseconds, a string end to end (DESIGN.md §4).
create function sync_text(t timestamptz) returns text language sql stable as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
