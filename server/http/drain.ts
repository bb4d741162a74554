import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: /api/ready answers 503 while the instance finishes its work (server/main.ts). */
    draining: boolean;
  }
}

export function registerDraining(app: FastifyInstance): void {
  app.decorate('draining', false);
}

/**
 * A graceful stop: readiness fails first, so the load balancer sends nothing new; requests keep
 * being served for `drainSeconds` (those it had already routed here); then the server stops
 * taking connections, ends its change streams with a retry hint, lets the requests under way
 * finish and closes (app.close: the sync routes' preClose ends the streams).
 */
export async function drainAndClose(app: FastifyInstance, drainSeconds: number): Promise<void> {
  app.draining = true;
  if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  await app.close();
}
