-- Rate-limit counters shared by every server instance and kept across restarts (DESIGN.md §6):
-- one fixed window per key (e.g. the client log of one user).
create table if not exists rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
create index if not exists rate_limits_window_start on rate_limits (window_start);
