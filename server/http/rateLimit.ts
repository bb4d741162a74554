import type { Queryable } from '../db/database';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window ends: the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` in the database, so the limit holds across restarts and
 * across every instance behind a load balancer (DESIGN.md §6). One statement: PostgreSQL locks
 * the row for the upsert, so concurrent requests of one key cannot both take the last slot.
 */
export async function hitRateLimit(db: Queryable, key: string, { limit, windowSeconds }: RateLimit): Promise<RateDecision> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(
    `insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end,
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end
     returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry_after`,
    [key, windowSeconds],
  );
  // Finished windows of keys that went quiet are dropped now and then, not on every request.
  if (Math.random() < 0.01) await db.query(`delete from rate_limits where window_start < now() - interval '1 day'`);
  return { allowed: (row?.hits ?? 0) <= limit, retryAfterSeconds: Math.max(1, row?.retry_after ?? windowSeconds) };
}
