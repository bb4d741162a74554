-- Issue 13, sync at scale: a permit's id stays in its row.
-- With the document kept in the row (016, storage MAIN), a permit's row is still over the 2 KB at
-- which PostgreSQL moves values out of it once the large values are out, and it goes on with the
-- next largest that may move: a UUID id (36 bytes, over the 24 a TOAST pointer takes) went to the
-- TOAST table. Every read of it from the table then cost a lookup in the TOAST index and a read of
-- its chunk, and a sort on it one per comparison: a first sync's pages, which sort the scope by
-- (created_on, id) and (date_changed, id), took 450 ms each at 20,000 permits on PGlite (no
-- autovacuum, so no index-only scans) against 58 ms with the ids inline. MAIN keeps it in the row
-- unless the row is over a page without every other movable value.
alter table permits alter column permit_instance_id set storage main;

-- The storage applies to rows written from now on: the permits whose id was moved out are written
-- again with it (the same value, a new copy, which the new storage keeps in the row). Not a change
-- anyone follows: the triggers that stamp and announce changes are off for it.
alter table permits disable trigger user;
update permits set permit_instance_id = permit_instance_id || ''
 where pg_column_size(permit_instance_id) <= octet_length(permit_instance_id);
alter table permits enable trigger user;
