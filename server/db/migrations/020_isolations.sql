-- Isolation certificates (issue 36): lock-out points, their steps, and the permits that rely on them.

-- IC-2026-000123: one counter, so a number never repeats.
create sequence isolation_reference start with 100;

create table isolation_certificates (
  isolation_certificate_id text primary key,
  reference_id text not null,
  site_id integer not null,
  location_id integer not null,
  equipment text not null,
  description text not null default '',
  state text not null default 'PLANNED',
  -- The points with their applied/verified/removed stamps: always read and written as a whole.
  points jsonb not null default '[]',
  zero_energy_test jsonb,
  steps jsonb not null default '[]',
  created_by jsonb not null,
  deleted boolean not null default false,
  date_changed timestamptz not null
);
create index isolation_certificates_sync on isolation_certificates (date_changed, isolation_certificate_id);
create index isolation_certificates_location on isolation_certificates (location_id);

-- A permit names 0..n certificates; one certificate serves many permits.
create table isolation_links (
  isolation_certificate_id text not null references isolation_certificates,
  permit_instance_id text not null references permits,
  linked_by jsonb not null,
  primary key (isolation_certificate_id, permit_instance_id)
);
create index isolation_links_permit on isolation_links (permit_instance_id);

create trigger isolation_certificates_stamp before insert or update on isolation_certificates for each row execute function sync_stamp_row();
create trigger isolation_certificates_notify after insert or update on isolation_certificates for each row
  execute function sync_notify('isolations', 'l', 'location_id');

-- A certificate lists its permits with their state and reference: a permit that changes either
-- restamps the certificates it names, so every replica pulls them again.
create function permits_restamp_isolations() returns trigger language plpgsql as $$
begin
  update isolation_certificates c set deleted = c.deleted
    from isolation_links l
   where l.permit_instance_id = new.permit_instance_id and c.isolation_certificate_id = l.isolation_certificate_id;
  return null;
end $$;
create trigger permits_isolations after update on permits for each row
  when (new.state is distinct from old.state or new.reference_id is distinct from old.reference_id)
  execute function permits_restamp_isolations();
