import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { beforeCommit, type Database, type Queryable } from '../db/database';
import { processAliveSql } from '../db/processLiveness';
import { HttpError } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]{1,200}$/;
/**
 * A claim this old is taken over even though its process lives: that request has hung. Its
 * fencing token keeps it from committing afterwards.
 */
const HUNG_SECONDS = 60;
/** How long a resend waits for the first request to finish: most changes take well under a second. */
const IN_FLIGHT_RETRY_SECONDS = 1;

/** Statuses worth replaying; the rest (5xx, 408, 429) are transient, and a retry runs again. */
const isFinal = (status: number) => status < 500 && status !== 408 && status !== 429;

interface Claim {
  personnelId: number;
  key: string;
  /** Fencing token: only the request that holds it may mark the key committed or store the answer. */
  token: string;
  /** Until the answer is stored: a transaction begun later (work the request left running) is not the change. */
  open: boolean;
}

/**
 * Idempotency-Key on every mutating /api route (DESIGN.md §4.3): the outbox resends a request
 * until it sees an answer, so the first answer is stored per user and key and replayed to any
 * resend (with `Idempotent-Replayed: true`). The same key on a different request is a 422; a
 * resend while the first is still being processed is a 429 with Retry-After — "not yet", which
 * the outbox waits out — never a 409, which means a conflict the user must see. Requests without the header are
 * processed as usual. Public routes (sign-in) have no user to key on and are left alone.
 *
 * Nothing duplicated, even if the server dies at any point:
 * - The change and the record that it happened commit together: every `db.transaction` of the
 *   route that wrote something marks the key `committed` just before it commits (`beforeCommit`).
 *   The answer is stored after, once it is known; if the process dies in between, a resend finds
 *   the mark and is answered 200 (replayed) with a sentence instead of the lost body — the outbox
 *   reads only the status, and the pull brings the new state. Not covered: a change made outside
 *   `db.transaction`; a change in several transactions counts as made once the first commits.
 * - A claim names the process holding it; a resend takes over a claim whose process has gone
 *   (its liveness lock released: at once after a kill), so it proceeds in about a second rather
 *   than waiting out a timeout, while a live process's claim is still answered 429.
 * - Takeover replaces the claim's token, and the mark and the answer are written only under the
 *   token: a request whose claim was taken over cannot commit its change (its transaction fails
 *   and rolls back). The mark row-locks the key until the commit, so a takeover that comes after
 *   it waits and then sees the key committed. Same SQL on PGlite, where an earlier start's claims are
 *   simply the claims of a process that has gone.
 */
export async function registerIdempotency(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const claims = new WeakMap<FastifyRequest, Claim>();

  /** The request's claim on its key; 'answered' when the answer was sent from what is stored; null without a key. */
  async function claimOrAnswer(request: FastifyRequest, reply: FastifyReply): Promise<Claim | 'answered' | null> {
    const key = request.headers['idempotency-key'];
    const personnelId = request.identity?.user?.personnel_id;
    if (key === undefined || !MUTATING.has(request.method) || personnelId === undefined) return null;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new HttpError(400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters, such as a UUID.');
    }
    const hash = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
    const claim: Claim = { personnelId, key, token: randomUUID(), open: true };
    const claimed = await db.query(
      `insert into idempotency_keys (personnel_id, key, request_hash, claim, process) values ($1, $2, $3, $4, $5)
       on conflict (personnel_id, key) do update set created_at = now(), claim = excluded.claim, process = excluded.process
         where idempotency_keys.status_code is null and not idempotency_keys.committed
           and idempotency_keys.request_hash = excluded.request_hash
           and (not ${processAliveSql('idempotency_keys.process')} or idempotency_keys.created_at < now() - make_interval(secs => $6))
       returning 1`,
      [personnelId, key, hash, claim.token, await db.processId(), HUNG_SECONDS],
    );
    if (claimed.length > 0) return claim;
    const [stored] = await db.query<{ request_hash: string; status_code: number | null; content_type: string | null; body: string | null; committed: boolean }>(
      'select request_hash, status_code, content_type, body, committed from idempotency_keys where personnel_id = $1 and key = $2',
      [personnelId, key],
    );
    if (stored && stored.request_hash !== hash) throw reused();
    if (stored?.status_code == null) {
      if (stored?.committed) {
        // Serialized here: the route's response schema describes its own answer, not this one.
        void reply.code(200).type('application/json; charset=utf-8').header('idempotent-replayed', 'true').send(JSON.stringify({ message: ALREADY_MADE }));
        return 'answered';
      }
      throw stillProcessing();
    }
    if (stored.content_type) void reply.type(stored.content_type);
    void reply.code(stored.status_code).header('idempotent-replayed', 'true').send(stored.body ?? undefined);
    return 'answered';
  }

  // Callback style: the route runs inside `done`, so its transactions see the claim.
  app.addHook('preHandler', (request, reply, done) => {
    claimOrAnswer(request, reply).then((claim) => {
      if (claim === 'answered') return;
      if (!claim) return done();
      claims.set(request, claim);
      beforeCommit.run((tx, queued) => markCommitted(tx, claim, queued), done);
    }, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    claim.open = false;
    // A streamed body cannot be kept for a replay: such a response is not idempotent.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? null : undefined;
    const owned = [claim.personnelId, claim.key, claim.token];
    if (isFinal(reply.statusCode) && body !== undefined) {
      const contentType = reply.getHeader('content-type');
      await db.query('update idempotency_keys set status_code = $4, content_type = $5, body = $6 where personnel_id = $1 and key = $2 and claim = $3', [
        ...owned, reply.statusCode, contentType === undefined ? null : String(contentType), body,
      ]);
    } else {
      // Let a resend run again, unless the change has committed (then it is answered as made).
      await db.query('delete from idempotency_keys where personnel_id = $1 and key = $2 and claim = $3 and not committed', owned);
    }
    return payload;
  });
}

/** Before a transaction of the request commits: the key is marked committed with the change, or the change does not commit. */
async function markCommitted(tx: Queryable, claim: Claim, queued: boolean): Promise<void> {
  if (!claim.open) return;
  // A transaction that only read is no change: a retry after a later failure must still run.
  // Work queued to run after this (the audit events of a change) will write.
  if (!queued) {
    const [wrote] = await tx.query<{ yes: boolean }>('select pg_current_xact_id_if_assigned() is not null as yes');
    if (!wrote?.yes) return;
  }
  const marked = await tx.query('update idempotency_keys set committed = true where personnel_id = $1 and key = $2 and claim = $3 returning 1', [
    claim.personnelId, claim.key, claim.token,
  ]);
  // Taken over by a resend (this request was taken for hung or gone): the resend makes the change.
  if (marked.length === 0) throw stillProcessing();
}

const ALREADY_MADE = 'This change was already made (same Idempotency-Key); its first answer was lost when the server stopped.';

const stillProcessing = () =>
  new HttpError(429, 'This change is still being processed (same Idempotency-Key). Try again in a moment.', {
    'retry-after': String(IN_FLIGHT_RETRY_SECONDS),
  });

const reused = () =>
  new HttpError(422, 'This Idempotency-Key was already used for a different request. Send each new change with a new key.');
