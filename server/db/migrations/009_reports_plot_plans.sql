-- The permits-by-state report counts by location, then state, over the locations a user may
-- view: this index answers it from the index alone, however many permits each location has.
create index permits_location_state on permits (location_id, state) where not deleted;
