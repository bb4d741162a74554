import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]{1,200}$/;
/** A record left "in flight" this long belongs to an instance that died: a retry takes it over. */
const ABANDONED_SECONDS = 60;
/** How long a resend waits for the first request to finish: most changes take well under a second. */
const IN_FLIGHT_RETRY_SECONDS = 1;

/** Statuses worth replaying; the rest (5xx, 408, 429) are transient, and a retry runs again. */
const isFinal = (status: number) => status < 500 && status !== 408 && status !== 429;

interface Claim {
  personnelId: number;
  key: string;
}

/**
 * Idempotency-Key on every mutating /api route (DESIGN.md §4.3): the outbox resends a request
 * until it sees an answer, so the first answer is stored per user and key and replayed to any
 * resend (with `Idempotent-Replayed: true`). The same key on a different request is a 422; a
 * resend while the first is still being processed is a 429 with Retry-After — "not yet", which
 * the outbox waits out — never a 409, which means a conflict the user must see. Requests without the header are
 * processed as usual. Public routes (sign-in) have no user to key on and are left alone.
 *
 * The response is stored after the route's own transaction commits: if the instance dies in
 * between, the key is taken over after a minute and the request runs again.
 */
export async function registerIdempotency(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const claims = new WeakMap<FastifyRequest, Claim>();

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const personnelId = request.identity?.user?.personnel_id;
    if (key === undefined || !MUTATING.has(request.method) || personnelId === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new HttpError(400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters, such as a UUID.');
    }
    const hash = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
    const claimed = await db.query(
      `insert into idempotency_keys (personnel_id, key, request_hash) values ($1, $2, $3)
       on conflict (personnel_id, key) do update set created_at = now(), status_code = null, body = null, content_type = null
         where idempotency_keys.status_code is null and idempotency_keys.request_hash = excluded.request_hash
           and idempotency_keys.created_at < now() - make_interval(secs => $4)
       returning 1`,
      [personnelId, key, hash, ABANDONED_SECONDS],
    );
    if (claimed.length > 0) {
      claims.set(request, { personnelId, key });
      return;
    }
    const [stored] = await db.query<{ request_hash: string; status_code: number | null; content_type: string | null; body: string | null }>(
      'select request_hash, status_code, content_type, body from idempotency_keys where personnel_id = $1 and key = $2',
      [personnelId, key],
    );
    if (!stored || stored.status_code === null) {
      if (stored && stored.request_hash !== hash) throw reused();
      throw new HttpError(429, 'This change is still being processed (same Idempotency-Key). Try again in a moment.', {
        'retry-after': String(IN_FLIGHT_RETRY_SECONDS),
      });
    }
    if (stored.request_hash !== hash) throw reused();
    if (stored.content_type) void reply.type(stored.content_type);
    return reply.code(stored.status_code).header('idempotent-replayed', 'true').send(stored.body ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    // A streamed body cannot be kept for a replay: such a response is not idempotent.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? null : undefined;
    if (isFinal(reply.statusCode) && body !== undefined) {
      const contentType = reply.getHeader('content-type');
      await db.query('update idempotency_keys set status_code = $3, content_type = $4, body = $5 where personnel_id = $1 and key = $2', [
        claim.personnelId, claim.key, reply.statusCode, contentType === undefined ? null : String(contentType), body,
      ]);
    } else {
      await db.query('delete from idempotency_keys where personnel_id = $1 and key = $2', [claim.personnelId, claim.key]);
    }
    return payload;
  });
}

const reused = () =>
  new HttpError(422, 'This Idempotency-Key was already used for a different request. Send each new change with a new key.');
