-- Attachments and printing (issue 10).

-- One row per attached file; the file itself lives in the object store under object_key.
-- The id is the client's (a UUID made on the device), so an upload queued offline and resent
-- finds its row instead of attaching the file twice.
create table permit_attachments (
  permit_attachment_id text primary key,
  permit_instance_id text not null references permits (permit_instance_id) on delete cascade,
  file_name text not null,
  mime_type text not null,
  size_bytes integer not null,
  object_key text not null,
  created_by integer not null,
  created_by_name text not null,
  created_on timestamptz not null default now(),
  deleted boolean not null default false
);
create index permit_attachments_permit on permit_attachments (permit_instance_id) where not deleted;

-- Where each printer is reached: an IPP URI (ipp://host:631/printers/x) or the embedded
-- default's PDF folder (pdf-folder:name). The state columns of 001 keep the last state read.
create unique index printers_location_uri on printers (location_id, uri) where not deleted;
