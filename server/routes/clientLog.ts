import type { FastifyInstance } from 'fastify';
import { ClientLogBody } from '../../schemas';
import { HttpError } from '../http/errors';
import { hitRateLimit } from '../http/rateLimit';
import type { RouteDeps } from './deps';

/** Batches one user may send per minute: a device flushes every 5 s at most, so 12 is normal and 60 generous. */
const CLIENT_LOG_LIMIT = { limit: 60, windowSeconds: 60 };

/**
 * POST /log: the client event log (SPEC §9). Each event goes to the server's log through the
 * request's logger, so it carries the request id and sits next to what that device did.
 *
 * The rate limit is counted in the database: a runaway tab is held back the same whichever
 * instance it reaches, and a restart does not hand it a fresh allowance.
 */
export async function clientLogRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post<{ Body: ClientLogBody }>('/log', { schema: { body: ClientLogBody }, bodyLimit: 512 * 1024 }, async (request, reply) => {
    const { email } = request.identity;
    const decision = await hitRateLimit(db, `client-log:${email.toLowerCase()}`, CLIENT_LOG_LIMIT);
    if (!decision.allowed) {
      throw new HttpError(429, 'This device is sending too many log messages. They will be sent again later.', {
        'retry-after': String(decision.retryAfterSeconds),
      });
    }
    const { sessionId, version, events } = request.body;
    for (const { level, message, at, context } of events) {
      request.log[level]({ clientLog: { user: email, sessionId, version, at, context } }, message);
    }
    return reply.code(204).send();
  });
}
