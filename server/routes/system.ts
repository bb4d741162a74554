import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../schemas';
import { Health, Liveness, PublicConfig as PublicConfigSchema, Readiness } from '../../schemas';
import { PRODUCT_NAME } from '../../domain/constants';
import type { RouteDeps } from './deps';

/** A readiness check waits this long for the database: a load balancer's check times out soon after. */
const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function systemRoutes(app: FastifyInstance, { db, config, keys }: RouteDeps) {
  app.get('/health', { config: { public: true }, schema: { response: { 200: Health } } }, async () => {
    await db.query('select 1');
    return { status: 'ok', database: db.kind, version: config.version };
  });

  // Liveness: the process answers. A load balancer or systemd restarts an instance that does not.
  app.get('/live', { config: { public: true }, schema: { response: { 200: Liveness } } }, async () => ({ status: 'ok' as const }));

  // Readiness: send this instance requests. Not while it drains for a stop, nor while it cannot reach its database.
  app.get('/ready', { config: { public: true }, schema: { response: { 200: Readiness, 503: Readiness } } }, async (request, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await withTimeout(db.query('select 1'), READY_TIMEOUT_MS);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });

  app.get('/config', { config: { public: true }, schema: { response: { 200: PublicConfigSchema } } }, async (): Promise<PublicConfig> => ({
    productName: PRODUCT_NAME,
    version: config.version,
    revision: config.revision,
    oidc: { issuer: keys.oidcIssuer, clientId: keys.oidcClientId },
  }));
}
