-- Work orders (issue 9): imported from SAP PM or Oracle eAM, searched by the API, windowed into replicas.

-- Upserted by site and number: two plants' ERPs may number their orders alike.
alter table workorders drop constraint workorders_pkey;
alter table workorders add primary key (site_id, work_order_number);

-- POST /workorders/search (SPEC §7): a site's orders by scheduled start; one order by number
-- (as typed, or as a number without SAP's leading zeros); any status of a list; and the
-- query_string's contains-text over number, asset and description through trigrams.
create extension if not exists pg_trgm;
create index workorders_site_start on workorders (site_id, scheduled_start) where not deleted;
create index workorders_number on workorders (work_order_number) where not deleted;
create index workorders_number_digits on workorders ((ltrim(work_order_number, '0'))) where not deleted;
create index workorders_status on workorders using gin (status) where not deleted;
-- Fields joined by a newline, which a whitespace-separated search term never contains, so a
-- term matches within one field.
create index workorders_text on workorders
  using gin ((work_order_number || E'\n' || asset_number || E'\n' || description) gin_trgm_ops) where not deleted;

-- Credentials of integrations (the ERP side of the import): one per site, shown once when made,
-- kept only as a SHA-256 of its random secret.
create table service_keys (
  service_key_id text primary key,
  name text not null,
  site_id integer not null,
  secret_hash text not null,
  created_by integer,
  created_on timestamptz not null default now(),
  last_used_on timestamptz,
  revoked_on timestamptz
);
