-- Idempotency claims that survive a crash (server/http/idempotency.ts): which request holds a key
-- (its fencing token), in which server process (processLiveness.ts), and whether the change it
-- made has committed — set inside the change's own transaction.
alter table idempotency_keys
  add column claim uuid,
  add column process integer,
  add column committed boolean not null default false;
