import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import type { Config } from './config';
import type { Database } from './db/database';
import { createTokenVerifier, loadContractorKey, type TokenKeys } from './auth/tokens';
import { registerAuthentication } from './http/authenticate';
import { registerCompression, registerStaticFiles } from './http/delivery';
import { registerDraining } from './http/drain';
import { refuseAddress, registerErrorHandling } from './http/errorHandling';
import { registerIdempotency } from './http/idempotency';
import { registerSecurityHeaders } from './http/security';
import { validationMessage } from './http/validationMessages';
import { createMailer } from './mail/mailer';
import { createObjectStore } from './storage/objectStore';
import { attachmentRoutes } from './routes/attachments';
import { authRoutes } from './routes/auth';
import { clientLogRoutes } from './routes/clientLog';
import { draftRoutes } from './routes/drafts';
import { externalUserRoutes } from './routes/externalUsers';
import type { RouteDeps } from './routes/deps';
import { listRoutes } from './routes/lists';
import { locationRoutes } from './routes/locations';
import { permitCacheRoutes } from './routes/permitCache';
import { isolationRoutes } from './routes/isolations';
import { gasTestRoutes } from './routes/gasTests';
import { handoverRoutes } from './routes/handover';
import { simopsRoutes } from './routes/simops';
import { permitRoutes } from './routes/permits';
import { searchRoutes } from './routes/search';
import { printRoutes } from './routes/print';
import { plotPlanRoutes } from './routes/plotPlans';
import { reportRoutes } from './routes/reports';
import { settingsRoutes } from './routes/settings';
import { auditRoutes } from './routes/audit';
import { syncRoutes } from './routes/sync';
import { systemRoutes } from './routes/system';
import { templateRoutes } from './routes/templates';
import { formRoutes } from './routes/forms';
import { userRoutes } from './routes/users';
import { workOrderRoutes } from './routes/workorders';

const API_ROUTES = [registerIdempotency, auditRoutes, systemRoutes, authRoutes, userRoutes, externalUserRoutes, locationRoutes, settingsRoutes, syncRoutes, clientLogRoutes, permitRoutes, isolationRoutes, gasTestRoutes, handoverRoutes, simopsRoutes, draftRoutes, searchRoutes, workOrderRoutes, attachmentRoutes, printRoutes, listRoutes, permitCacheRoutes, templateRoutes, formRoutes, reportRoutes, plotPlanRoutes];

/** The JSON Schemas a route validates its input with (the fuzz and authorization tests read them). */
export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
}

/** Builds the server: the API under /api, the built-in identity provider, the app itself. */
export interface BuildOptions {
  logger?: boolean;
  /** Keys of a corporate identity provider, instead of fetching its JWKS (tests of that mode). */
  oidcJwks?: JSONWebKeySet;
  /** Told of every route as it is registered (tests check each one is guarded). */
  onRoute?: (route: { method: string; url: string; schema?: RouteSchema }) => void;
}

export async function buildApp(config: Config, db: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.publicUrl.startsWith('https:'),
    bodyLimit: 1024 * 1024,
    schemaErrorFormatter: (errors, where) => new Error(validationMessage(errors, where)),
    frameworkErrors: refuseAddress,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });

  if (options.onRoute) {
    const tell = options.onRoute;
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') tell({ method, url: route.url, schema: route.schema as RouteSchema | undefined });
    });
  }
  registerDraining(app);
  await registerSecurityHeaders(app, config.publicUrl, config.oidcIssuer);
  registerErrorHandling(app, config.staticDir);
  await registerCompression(app);

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
  const deps: RouteDeps = { db, config, keys, mailer, objects: createObjectStore(config.dataDir, config.s3) };
  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await routes(api, deps);
    },
    { prefix: '/api' },
  );

  if (existsSync(config.staticDir)) {
    await registerStaticFiles(app, config.staticDir);
  }
  return app;
}
