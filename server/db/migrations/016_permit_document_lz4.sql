-- Issue 13: a pull page sends ~1,000 stored documents (permits.document, 014) of ~1.8 KB, which
-- PostgreSQL compresses with pglz as each row passes 2 KB. Decompressing them was 3–6 ms of a
-- page at 1M permits; lz4 decompresses several times faster for about the same size.
--
-- Existing values keep pglz (SET COMPRESSION does not rewrite the table): each permit takes lz4
-- with its next write, which the permits of a pull's scope (open, or written in the last days)
-- mostly get within weeks; a dump and restore rewrites them all at once.
-- PGlite is built without lz4: there the column keeps pglz.
do $$
begin
  alter table permits alter column document set compression lz4;
exception when feature_not_supported then
  null;
end $$;
