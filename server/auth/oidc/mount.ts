import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type Provider from 'oidc-provider';
import { PAGE_SECURITY_HEADERS } from './pages';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/**
 * Hands every request under `mountPath` to the provider's koa app, untouched by Fastify.
 *
 * The hand-over happens in the route's own onRequest hook, before Fastify reads the body, so
 * the provider parses it itself; the app's global hooks (security headers, logging) still run.
 * The provider builds its URLs from the request, so the request is made to look as if it
 * arrived at `publicUrl`: its URLs then always match the issuer, whatever Host or forwarding
 * headers a client sends. The client address is the one Fastify determined (its trustProxy).
 */
export function mountProvider(app: FastifyInstance, provider: Provider, options: { mountPath: string; publicUrl: string }): void {
  const { mountPath } = options;
  const publicUrl = new URL(options.publicUrl);
  // We set the forwarding headers ourselves below, so koa may (must) read them.
  provider.proxy = true;
  provider.use(async (ctx, next) => {
    // Set before the provider runs: it adds the hash of its own auto-submit script to this CSP.
    for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) if (!ctx.response.get(name)) ctx.set(name, value);
    await next();
  });
  // After use(): koa composes its middleware when the callback is made.
  const handle = provider.callback();

  const handOver = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? mountPath;
    // Like Express's mounting: the provider reads its mount path from originalUrl minus url.
    raw.originalUrl = url;
    const rest = url.slice(mountPath.length);
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    raw.headers.host = publicUrl.host;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    raw.headers['x-forwarded-for'] = request.ip;
    delete raw.headers['x-forwarded-host'];
    void handle(raw, reply.raw);
    done();
  };

  for (const url of [mountPath, `${mountPath}/*`]) {
    app.route({
      method: METHODS,
      url,
      exposeHeadRoute: false,
      // The provider authenticates its own requests; the API's bearer check does not apply.
      config: { public: true },
      onRequest: handOver,
      handler: async () => undefined, // never reached: onRequest hands the request over
    });
  }
}
