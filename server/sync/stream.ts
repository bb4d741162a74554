import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { PULLED_COLLECTIONS, type SyncChangeEvent } from '../../schemas';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { findUserById, isAccountUsable, todayUtc, type UserRecord } from '../users/users';
import { createChangeBatcher } from './changeBatcher';
import { touches, type ChangeHub, type ChangeNotice, type ChangeSubscriber } from './changes';
import { loadScope, type SyncScope } from './scope';

/** Proxies drop idle connections after a minute or so; a comment line keeps the stream open. */
export const HEARTBEAT_MS = 25_000;
/** Changes arriving within this long of an event (a burst of edits) are told together in the next one. */
const COALESCE_MS = 50;
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** The retry hint a stream ends with: through a load balancer, another instance takes the reconnection. */
const RECONNECT_HINT_MS = 1_000;

/**
 * GET /sync/stream: server-sent events telling the user's replica which collections changed.
 * `event: change` with `data: {"collections": [...]}`, a `: heartbeat` comment every 25 s. The
 * stream ends when the client goes, the server closes, the account stops being usable or the
 * bearer token expires (the client reconnects with a fresh one, and pulls on reconnecting).
 */
export async function openChangeStream(request: FastifyRequest, reply: FastifyReply, db: Database, hub: ChangeHub, user: UserRecord): Promise<void> {
  const stream = new ChangeStream(reply.raw, db, user, await loadScope(db, user), request.log);
  // Subscribe before answering, so a failure to listen is an ordinary error response.
  await stream.subscribe(hub);
  reply.hijack();
  stream.start(reply.getHeaders() as Record<string, string>, tokenLifetimeMs(request));
}

class ChangeStream implements ChangeSubscriber {
  private timers: NodeJS.Timeout[] = [];
  private changes = createChangeBatcher((collections) => {
    const event: SyncChangeEvent = { collections };
    this.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
  }, COALESCE_MS);
  private unsubscribe: (() => void) | undefined;
  private ended = false;

  constructor(
    private raw: ServerResponse,
    private db: Database,
    private user: UserRecord,
    private scope: SyncScope,
    private log: FastifyBaseLogger,
  ) {
    raw.on('close', () => this.end());
  }

  async subscribe(hub: ChangeHub): Promise<void> {
    this.unsubscribe = await hub.subscribe(this);
    if (this.ended) throw new HttpError(503, 'The server is shutting down. Try again in a moment.');
  }

  start(headers: Record<string, string>, lifetimeMs: number): void {
    this.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.write('retry: 5000\n: connected\n\n');
    this.timers.push(setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS), setTimeout(() => this.end(), lifetimeMs));
    // The client may have gone while its scope was loaded, before 'close' was listened to.
    if (this.raw.socket?.destroyed) this.end();
  }

  notify(notice: ChangeNotice | null): void {
    if (notice === null) return this.changes.add(PULLED_COLLECTIONS);
    const aboutUser = notice.c === 'sitedata' && (notice.k === null || (notice.k === 'p' && notice.v.includes(this.scope.personnelId)));
    if (aboutUser) this.rescope().catch((error: unknown) => this.log.warn({ err: error }, 'change stream: rescope failed'));
    if (touches(notice, this.scope)) this.changes.add([notice.c]);
  }

  end(): void {
    if (this.ended) return;
    // Whatever ends it here (a stop, a restart, the token's expiry), the replica should come back soon.
    if (this.raw.headersSent && !this.raw.destroyed) this.write(`retry: ${RECONNECT_HINT_MS}\n: ended by the server, reconnect\n\n`);
    this.ended = true;
    this.changes.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.unsubscribe?.();
    if (this.raw.headersSent) this.raw.end();
  }

  private write(text: string) {
    if (!this.ended) this.raw.write(text);
  }

  /**
   * The user's grants or home location may have changed: follow the new scope, and tell the
   * replica to pull everything (its checkpoints answer resync where the scope moved).
   */
  private async rescope() {
    const fresh = await findUserById(this.db, this.user.personnel_id);
    if (!fresh || !isAccountUsable(fresh, todayUtc())) return this.end();
    const next = await loadScope(this.db, fresh);
    if (JSON.stringify(next.fingerprint) !== JSON.stringify(this.scope.fingerprint)) this.changes.add(PULLED_COLLECTIONS);
    this.scope = next;
  }
}

/** Milliseconds until the bearer token (already verified) expires. */
function tokenLifetimeMs(request: FastifyRequest): number {
  const exp = decodeJwt(request.headers.authorization?.slice(7).trim() ?? '').exp;
  return exp ? Math.min(Math.max(exp * 1000 - Date.now(), 0), LONGEST_TIMER_MS) : LONGEST_TIMER_MS;
}
