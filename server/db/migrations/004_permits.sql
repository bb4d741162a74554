-- The permit lifecycle (issue 4, DESIGN.md §6).

-- When the permit stops being valid, materialised from its content for the timeout job; and when
-- the job timed it out, so a close-out submitted after the time-out is not timed out again.
alter table permits add column valid_until timestamptz, add column timed_out_at timestamptz;
create index permits_due_timeout on permits (valid_until) where state in ('APPROVED', 'CLOSING') and not deleted;

-- Permit references (HW-2026-000123): one counter for every type, so a number never repeats.
create sequence permit_reference start with 100;

create index audit_log_permit on audit_log ((detail ->> 'PermitInstanceId')) where detail ? 'PermitInstanceId';
