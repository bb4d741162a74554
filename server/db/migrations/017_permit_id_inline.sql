-- Issue 13, sync at scale: a permit's id stays in its row.
-- With the document kept in the row (016, storage MAIN), a permit's row is still over the 2 KB at
-- which PostgreSQL moves values out of it once the large values are out, and it goes on with the
-- next largest that may move: a UUID id (36 bytes, over the 24 a TOAST pointer takes) went to the
-- TOAST table. Every read of it from the table then cost a lookup in the TOAST index and a read of
-- its chunk, and a sort on it one per comparison: a first sync's pages, which sort the scope by
-- (created_on, id) and (date_changed, id), took 450 ms each at 20,000 permits on PGlite (no
-- autovacuum, so no index-only scans) against 90 ms with the ids inline. MAIN keeps it in the row
-- unless the row is over a page without every other movable value.
alter table permits alter column permit_instance_id set storage main;

-- The storage applies to rows written from now on. When some permit's id was moved out (its
-- stored size is no more than its length: a pointer, not the text and its header), the table is
-- rewritten as 016 did, which stores every value again under the new storage; not when none was
-- (short ids, or no permits yet). VACUUM ANALYZE permits after it, as after 016. The ids are read
-- from the table: an index-only scan of the primary key would give the index's copy, always inline.
do $$
declare
  moved_out boolean;
begin
  perform set_config('enable_indexonlyscan', 'off', true);
  select exists (select from permits where pg_column_size(permit_instance_id) <= octet_length(permit_instance_id)) into moved_out;
  perform set_config('enable_indexonlyscan', 'on', true);
  if moved_out then
    cluster permits using permits_created;
  end if;
end
$$;
