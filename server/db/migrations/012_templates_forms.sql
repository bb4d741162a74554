-- Templates' review workflow and the form builder's forms (issue 14, points 3 and 4).

-- When a template was made: the list sorts by Name, ties and copies by age.
alter table templates add column created_on timestamptz not null default now();
create index templates_location on templates (location_id, type) where not deleted;

-- The form builder's project (SPEC §3 Form-builder form): per top-level site, one form per
-- definition lineage (a location's permit definition) nesting the resources (sub-forms such as
-- HotWork) it is made of. Editing changes these; publishing turns a form and its resources into
-- a new permit definition (definitions), which is what permits and devices use.
create table formio_forms (
  form_id text primary key,
  type text not null check (type in ('form', 'resource')),
  name text not null,
  title text not null,
  site_id integer not null,
  -- Forms: the location whose definition they publish; resources: null.
  location_id integer,
  -- The Form.io form document (display, components, ...), without the bookkeeping columns above.
  form jsonb not null,
  modified timestamptz not null default now(),
  -- Revision number, raised by every save (Form.io's _vid).
  vid integer not null default 0,
  -- Forms: the last publish and the definition it made.
  published_at timestamptz,
  published_definition_id text,
  unique (site_id, type, name)
);
