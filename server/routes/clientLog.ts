import type { FastifyInstance } from 'fastify';
import { ClientLogBody } from '../../schemas';
import { HttpError } from '../http/errors';
import type { RouteDeps } from './deps';

/** Batches one user may send per minute: a device flushes every 5 s at most, so 12 is normal and 60 generous. */
const BATCHES_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

/**
 * POST /log: the client event log (SPEC §9). Each event goes to the server's log through the
 * request's logger, so it carries the request id and sits next to what that device did.
 *
 * The rate limit is counted per instance, in memory, unlike the sign-in limits that DESIGN.md
 * §6 keeps in the database: it protects the log from a runaway tab, not an account from
 * guessing, and losing its counts on a restart costs nothing.
 */
export async function clientLogRoutes(app: FastifyInstance, _deps: RouteDeps) {
  const windows = new Map<string, { start: number; count: number }>();

  const allow = (who: string, now: number): boolean => {
    const current = windows.get(who);
    if (!current || now - current.start >= WINDOW_MS) {
      // Forget finished windows now and then, so the map holds only active users.
      if (windows.size > 10_000) for (const [key, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(key);
      windows.set(who, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= BATCHES_PER_MINUTE;
  };

  app.post<{ Body: ClientLogBody }>('/log', { schema: { body: ClientLogBody }, bodyLimit: 512 * 1024 }, async (request, reply) => {
    const { email } = request.identity;
    if (!allow(email.toLowerCase(), Date.now())) {
      throw new HttpError(429, 'This device is sending too many log messages. They will be sent again later.');
    }
    const { sessionId, version, events } = request.body;
    for (const { level, message, at, context } of events) {
      request.log[level]({ clientLog: { user: email, sessionId, version, at, context } }, message);
    }
    return reply.code(204).send();
  });
}
