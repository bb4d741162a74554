-- Issue 13: a pull page at 1,000,000 permits. A permit's row was ~4 KB before compression, over
-- the 2 KB at which PostgreSQL starts moving values out of the row, and the stored document was
-- the largest value, so it went to the TOAST table: every document a page sends cost a lookup in
-- the TOAST index and a read of its chunk (~600 per page at 1M permits, a third of PostgreSQL's CPU
-- for the page). Storage MAIN keeps it in the row, compressed: PostgreSQL moves the permit's other
-- large values (content, approvals) out first, which a pull never reads, and the document only if
-- the row is still over a page (8 KB) without them.
alter table permits alter column document set storage main;

-- The storage applies to rows written from now on: the table is rewritten so the permits written
-- before take it too. CLUSTER rewrites it compactly inside this transaction (VACUUM FULL cannot
-- run in one) and copies the documents as they are stored, compressed, without computing them
-- again. In creation order, about the order appends gave them: the recent permits, which pulls
-- read, stay together. It holds the table's lock for the rewrite (1M permits: minutes); run
-- VACUUM ANALYZE permits after it, since index-only scans stay off until then (the rewrite
-- leaves no page marked all-visible).
cluster permits using permits_created;
