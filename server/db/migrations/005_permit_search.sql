-- Server search of permits (issue 15, SPEC §7 POST /permits/search, DESIGN.md §6).

-- Trigram indexes answer the phrase-prefix terms (LIKE and regular expressions) without a scan.
-- PGlite ships pg_trgm as an extension the server loads when it opens the database.
create extension if not exists pg_trgm;

-- The six fields the search terms look in (SPEC §9 weights), lower-cased in one column so one
-- index finds candidates for a term in any of them; ' | ' keeps a phrase from spanning two fields.
alter table permits add column search_text text generated always as (lower(
  reference_id || ' | ' || work_location || ' | ' || permit_issuer || ' | ' || asset_number || ' | ' ||
  coalesce(jsonb_path_query_array(work_description, '$[*].workDescription')::text, '') || ' | ' || asset_description
)) stored;
create index permits_search_text on permits using gin (search_text gin_trgm_ops);

-- A broad term is read newest first until the 10,000 results a search can reach are found.
create index permits_created on permits (created_on desc, permit_instance_id);
create index permits_work_order on permits (work_order_number);
create index permits_state_location on permits (state, location_id, created_on desc);

-- Searches run with ?keepAlive= (SPEC §7): kept in the database, so any instance answers the poll.
create table permit_searches (
  id text primary key,
  personnel_id integer not null,
  state text not null default 'RUNNING',
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index permit_searches_expiry on permit_searches (expires_at);

-- Site settings of SPEC §2/§9 (cards expanded at site 21, Print in the card menu at site 65).
insert into remote_settings (key, value) values ('cardsExpandedSites', '[21]'), ('cardPrintSites', '[65]') on conflict (key) do nothing;
