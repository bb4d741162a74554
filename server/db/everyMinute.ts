import type { FastifyInstance } from 'fastify';

const EVERY_MS = 60_000;

/**
 * Runs `work` every minute once the server is ready, one run after another; a run under way
 * finishes before the server closes. What `work` does across instances is its own to guard (the
 * sweeps take an advisory lock).
 */
export function everyMinute(app: FastifyInstance, what: string, work: () => Promise<unknown>): void {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = running.then(work).catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
    }, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
