import { randomBytes } from 'node:crypto';
import type { AsyncSearchResponse, PermitSearchBody } from '../../schemas';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import type { UserRecord } from '../users/users';
import { runSearch, searchScope } from './permitSearch';
import { translateSearch } from './permitQuery';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_KEEP_ALIVE_MS = UNIT_MS.d!;

/** "1m" → 60000; at most a day, so finished searches do not pile up. */
export function keepAliveMs(value: string): number {
  const [, amount, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(value) ?? [];
  const ms = Number(amount) * (UNIT_MS[unit ?? ''] ?? NaN);
  if (!Number.isFinite(ms) || ms <= 0) throw badRequest('keepAlive must be a duration such as 30s, 1m or 2h.');
  if (ms > MAX_KEEP_ALIVE_MS) throw badRequest('keepAlive can be at most 1d.');
  return ms;
}

/**
 * Starts a search whose result is kept for `keepAlive` (SPEC §7 ?keepAlive=1m). The body is checked
 * before the answer, so a bad one is still a 400; the search itself runs after it. The row lives in
 * the database, so whichever instance the poll reaches can answer it.
 */
export async function startAsyncSearch(db: Database, user: UserRecord, body: PermitSearchBody, keepAlive: string): Promise<AsyncSearchResponse> {
  const ms = keepAliveMs(keepAlive);
  const q = translateSearch(body, await searchScope(db, user));
  const id = randomBytes(16).toString('base64url');
  await db.query('delete from permit_searches where expires_at < now()');
  await db.query(`insert into permit_searches (id, personnel_id, expires_at) values ($1, $2, now() + $3 * interval '1 millisecond')`, [id, user.personnel_id, ms]);
  void runSearch(db, q).then(
    (result) => db.query(`update permit_searches set state = 'COMPLETED', result = $2::jsonb where id = $1`, [id, result]),
    (error: unknown) =>
      db.query(`update permit_searches set state = 'FAILED', error = $2 where id = $1`, [id, error instanceof Error ? error.message : String(error)]),
  ).catch(() => {
    // The database went away mid-search: the row stays RUNNING until it expires.
  });
  return { id, state: 'RUNNING' };
}

/** GET /search/{id}: RUNNING, or the kept result; only for the user who started it, until it expires. */
export async function asyncSearchResult(db: Database, user: UserRecord, id: string): Promise<AsyncSearchResponse> {
  const [row] = await db.query<{ state: AsyncSearchResponse['state']; result: AsyncSearchResponse['response'] | null; error: string | null }>(
    'select state, result, error from permit_searches where id = $1 and personnel_id = $2 and expires_at >= now()',
    [id, user.personnel_id],
  );
  if (!row) throw notFound(`There is no search ${id}: it may have expired (keepAlive), or it was started by someone else.`);
  if (row.state === 'COMPLETED' && row.result) return { id, state: 'COMPLETED', response: row.result };
  if (row.state === 'FAILED') return { id, state: 'FAILED', error: 'The search failed. Please try again.' };
  return { id, state: 'RUNNING' };
}
