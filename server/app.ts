import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import type { Config } from './config';
import type { Database } from './db/database';
import { createTokenVerifier, loadContractorKey, type TokenKeys } from './auth/tokens';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandling } from './http/errorHandling';
import { registerIdempotency } from './http/idempotency';
import { registerSecurityHeaders } from './http/security';
import { validationMessage } from './http/validationMessages';
import { createMailer } from './mail/mailer';
import { createObjectStore } from './storage/objectStore';
import { authRoutes } from './routes/auth';
import { clientLogRoutes } from './routes/clientLog';
import { draftRoutes } from './routes/drafts';
import { externalUserRoutes } from './routes/externalUsers';
import type { RouteDeps } from './routes/deps';
import { locationRoutes } from './routes/locations';
import { permitRoutes } from './routes/permits';
import { plotPlanRoutes } from './routes/plotPlans';
import { reportRoutes } from './routes/reports';
import { settingsRoutes } from './routes/settings';
import { syncRoutes } from './routes/sync';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/users';

const API_ROUTES = [registerIdempotency, systemRoutes, authRoutes, userRoutes, externalUserRoutes, locationRoutes, settingsRoutes, syncRoutes, clientLogRoutes, permitRoutes, draftRoutes, reportRoutes, plotPlanRoutes];

/** Builds the server: the API under /api, the built-in identity provider, the app itself. */
export interface BuildOptions {
  logger?: boolean;
  /** Keys of a corporate identity provider, instead of fetching its JWKS (tests of that mode). */
  oidcJwks?: JSONWebKeySet;
  /** Told of every route as it is registered (tests check each one is guarded). */
  onRoute?: (route: { method: string; url: string }) => void;
}

export async function buildApp(config: Config, db: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.publicUrl.startsWith('https:'),
    bodyLimit: 1024 * 1024,
    schemaErrorFormatter: (errors, where) => new Error(validationMessage(errors, where)),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });

  if (options.onRoute) {
    const tell = options.onRoute;
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') tell({ method, url: route.url });
    });
  }
  await registerSecurityHeaders(app, config.publicUrl, config.oidcIssuer);
  registerErrorHandling(app, config.staticDir);

  const contractorKey = await loadContractorKey(db);
  // The built-in provider is loaded only when no corporate provider is configured.
  const builtIn = config.oidcIssuer
    ? undefined
    : await import('./auth/oidc').then(({ registerOidcProvider }) => registerOidcProvider(app, { db, config }));
  const keys: TokenKeys = {
    contractorIssuer: `${config.publicUrl}/api`,
    contractorKey,
    oidcIssuer: config.oidcIssuer ?? builtIn!.issuer,
    oidcClientId: config.oidcClientId,
    oidcJwks: builtIn?.jwks ?? options.oidcJwks,
  };
  registerAuthentication(app, db, createTokenVerifier(keys));

  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const deps: RouteDeps = { db, config, keys, mailer, objects: createObjectStore(config.dataDir) };
  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await routes(api, deps);
    },
    { prefix: '/api' },
  );

  if (existsSync(config.staticDir)) {
    await app.register(fastifyStatic, { root: config.staticDir, wildcard: false, index: false });
  }
  return app;
}
