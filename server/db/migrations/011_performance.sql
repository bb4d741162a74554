-- Issue 13: a pull page costs the same at 1,000,000 permits as at 5,000.
-- The replica scope of a user (server/sync/permits.ts, PERMIT_SCOPE) reads the permits of the
-- locations they can see, newest first, and keeps the open or recent ones. Without this index
-- every permit ever made at those locations is read from the table (~5,000 a location after
-- two years) to test its state and dates; with it the test is made on the index alone.
create index if not exists permits_scope on permits (location_id, created_on desc, permit_instance_id) include (state, date_changed) where not deleted;
-- The scope's three parts (open states; created or changed in the last days), each an index
-- range at the user's locations.
create index if not exists permits_open on permits (location_id) include (created_on, date_changed, permit_instance_id)
  where not deleted and state in ('DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT');
create index if not exists permits_location_changed on permits (location_id, date_changed) include (created_on, permit_instance_id) where not deleted;
