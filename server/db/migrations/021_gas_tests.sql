-- Gas tests (issue 37): readings kept as they were taken and the suspensions of work they cause.
-- A suspension is a condition on an APPROVED permit, not a state of SPEC §4. Each site's limits are
-- a remote setting (gasTests:<site id>), synced to every device with the others.

-- One row per permit that has gas tests: the stamp of its sync document (readings and suspensions
-- together) and where it is, the permit's location followed as the permit moves.
create table gas_tests (
  permit_instance_id text primary key references permits,
  site_id integer not null,
  location_id integer not null,
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index gas_tests_sync on gas_tests (date_changed, permit_instance_id);
create index gas_tests_location on gas_tests (location_id);
create trigger gas_tests_stamp before insert or update on gas_tests for each row execute function sync_stamp_row();
create trigger gas_tests_notify after insert or update on gas_tests for each row execute function sync_notify('gastests', 'l', 'location_id');

-- Both times are kept: when it was taken (the device's clock) and when the server received it.
create table gas_readings (
  reading_id text primary key,
  permit_instance_id text not null references gas_tests,
  taken_at timestamptz not null,
  received_at timestamptz not null,
  -- The reading as recorded: tester, instrument, sample point, values, what it corrects and why.
  reading jsonb not null
);
create index gas_readings_permit on gas_readings (permit_instance_id, taken_at);

-- Append-only, as audit_log: a reading is a record of what was measured. A mistake is corrected by
-- a new reading that names it, never by changing it.
create function gas_readings_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'gas_readings is append-only: % is refused. A gas reading is never changed or deleted; record a correcting reading instead.', tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger gas_readings_no_update before update or delete on gas_readings for each row execute function gas_readings_append_only();
create trigger gas_readings_no_truncate before truncate on gas_readings for each statement execute function gas_readings_append_only();

-- Who stopped the work, when and why; who let it go on, when, on which reading and with what comment.
create table gas_suspensions (
  suspension_id bigint generated always as identity primary key,
  permit_instance_id text not null references gas_tests,
  cause text not null check (cause in ('reading', 'overdue', 'area')),
  reason text not null,
  suspended_by jsonb not null,
  suspended_at timestamptz not null,
  reading_id text references gas_readings,
  area_location_id integer,
  resumed_by jsonb,
  resumed_at timestamptz,
  resume_comment text,
  resume_reading_id text references gas_readings
);
-- At most one suspension in force per permit.
create unique index gas_suspensions_in_force on gas_suspensions (permit_instance_id) where resumed_at is null;

-- A suspension is a record too: never deleted, and ended once, by filling in its resume and nothing else.
create function gas_suspensions_keep() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.resumed_at is null and new.resumed_at is not null
     and to_jsonb(new) - 'resumed_by' - 'resumed_at' - 'resume_comment' - 'resume_reading_id'
       = to_jsonb(old) - 'resumed_by' - 'resumed_at' - 'resume_comment' - 'resume_reading_id' then
    return new;
  end if;
  raise exception 'gas_suspensions keeps every suspension: % is refused. A suspension ends by a resume, once.', tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger gas_suspensions_no_change before update or delete on gas_suspensions for each row execute function gas_suspensions_keep();

-- An area's emergency stop (an alarm, a gas release, weather): who, where, why, and the permits it stopped.
create table gas_area_suspensions (
  area_suspension_id bigint generated always as identity primary key,
  site_id integer not null,
  location_id integer not null,
  reason text not null,
  suspended_by jsonb not null,
  suspended_at timestamptz not null,
  permits jsonb not null
);

-- A permit that moves takes its gas tests with it, and the replicas of both locations pull them again.
create function permits_move_gas_tests() returns trigger language plpgsql as $$
begin
  update gas_tests set location_id = new.location_id, site_id = new.site_id where permit_instance_id = new.permit_instance_id;
  return null;
end $$;
create trigger permits_gas_tests after update on permits for each row
  when (new.location_id is distinct from old.location_id)
  execute function permits_move_gas_tests();
