-- Administration (issue 14): list-value sets per site (SPEC §3 List, §7 Lists).
--
-- A site's lists are what its permit forms offer in their selects: the location metadata
-- documents and GET /locationmetadata carry the lists of the location's site. Replicated
-- like every sitedata source: stamped by the sync clock, deleted as a tombstone.
create table lists (
  site_id integer not null,
  field_key text not null,
  -- [{Label, Value}] in the order the admin gave them.
  items jsonb not null default '[]',
  deleted boolean not null default false,
  date_changed timestamptz not null,
  primary key (site_id, field_key)
);

create trigger lists_stamp before insert or update on lists for each row execute function sync_stamp_row();
-- Everyone: a site's lists reach the administrators of the site as well as its users.
create trigger lists_notify after insert or update on lists for each row execute function sync_notify('sitedata');

-- Lists kept so far in location metadata become their site's (for a key two locations share, the lower location id wins).
insert into lists (site_id, field_key, items)
select distinct on (l.site_id, list ->> 'FieldKey') l.site_id, list ->> 'FieldKey', coalesce(list -> 'ListItems', '[]')
  from location_metadata m
  join locations l on l.location_id = m.location_id
  cross join lateral jsonb_array_elements(coalesce(m.metadata -> 'Lists', '[]')) as list
 where not m.deleted and list ->> 'FieldKey' is not null
 order by l.site_id, list ->> 'FieldKey', l.location_id;
