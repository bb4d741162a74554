-- Shift handovers (issue 39): what the outgoing person handed over for an area, the corrections
-- added afterwards, and the incoming person's signature. A handover is a record: never changed.
-- Each site's shift pattern is a remote setting (shifts:<site id>), synced to every device.

-- One row per handover: the stamp of its sync document (the handover with its addenda and its
-- acknowledgement) and its area. The only table of the four that changes: restamped by each addition.
create table handovers (
  handover_id text primary key,
  site_id integer not null,
  location_id integer not null,
  shift_end timestamptz not null,
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index handovers_sync on handovers (date_changed, handover_id);
create index handovers_area on handovers (location_id, shift_end desc);
create trigger handovers_stamp before insert or update on handovers for each row execute function sync_stamp_row();
create trigger handovers_notify after insert or update on handovers for each row execute function sync_notify('handovers', 'l', 'location_id');

-- The handover as submitted: the page as the outgoing person saw it, their notes, the shift, who,
-- and when on the device's clock (offline submissions arrive later) and on the server's.
create table handover_records (
  handover_id text primary key references handovers,
  shift_name text not null,
  shift_start timestamptz not null,
  shift_end timestamptz not null,
  page jsonb not null,
  general_notes text not null,
  item_notes jsonb not null,
  submitted_by jsonb not null,
  submitted_at timestamptz not null,
  device_at timestamptz,
  check (shift_end > shift_start)
);

-- A correction or addition to a handover, by an issuer of the area.
create table handover_addenda (
  addendum_id text primary key,
  handover_id text not null references handovers,
  text text not null,
  added_by jsonb not null,
  added_at timestamptz not null,
  device_at timestamptz
);
create index handover_addenda_handover on handover_addenda (handover_id, added_at);

-- The incoming person's signature: once per handover, never by the person who submitted it.
create table handover_acknowledgements (
  handover_id text primary key references handovers,
  personnel_id integer not null,
  acknowledged_by jsonb not null,
  comment text not null,
  acknowledged_at timestamptz not null,
  device_at timestamptz
);

-- Append-only, as audit_log and gas_readings: UPDATE, DELETE and TRUNCATE are refused.
create function handover_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % is refused. A handover is never changed; add an addendum instead.', tg_table_name, tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger handover_records_no_change before update or delete on handover_records for each row execute function handover_append_only();
create trigger handover_records_no_truncate before truncate on handover_records for each statement execute function handover_append_only();
create trigger handover_addenda_no_change before update or delete on handover_addenda for each row execute function handover_append_only();
create trigger handover_addenda_no_truncate before truncate on handover_addenda for each statement execute function handover_append_only();
create trigger handover_acknowledgements_no_change before update or delete on handover_acknowledgements for each row execute function handover_append_only();
create trigger handover_acknowledgements_no_truncate before truncate on handover_acknowledgements for each statement execute function handover_append_only();

-- The signer is not the submitter, whichever way the row arrives.
create function handover_acknowledger_check() returns trigger language plpgsql as $$
begin
  if exists (select 1 from handover_records r where r.handover_id = new.handover_id and (r.submitted_by ->> 'PersonnelId')::int = new.personnel_id) then
    raise exception 'A handover is acknowledged by the incoming person, not by the person who submitted it.' using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger handover_acknowledgements_signer before insert on handover_acknowledgements for each row execute function handover_acknowledger_check();
