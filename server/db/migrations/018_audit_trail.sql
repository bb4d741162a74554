-- Issue 40: the audit trail. audit_log grows into one append-only, hash-chained table of every
-- change: who (actor), when (server and device time), what (action, subject, details).
alter table audit_log
  add column device_at timestamptz,
  add column actor_name text,
  add column actor_kind text,
  add column subject_type text,
  add column subject_id text,
  add column prev_hash text,
  add column hash text;

-- A permit's events travel with it to the devices (schemas/audit.ts PermitHistoryEvent, oldest first).
alter table permits add column history jsonb not null default '[]';
