import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../schemas';
import { Health, PublicConfig as PublicConfigSchema } from '../../schemas';
import { PRODUCT_NAME } from '../../domain/constants';
import type { RouteDeps } from './deps';

export async function systemRoutes(app: FastifyInstance, { db, config, keys }: RouteDeps) {
  app.get('/health', { config: { public: true }, schema: { response: { 200: Health } } }, async () => {
    await db.query('select 1');
    return { status: 'ok', database: db.kind, version: config.version };
  });

  app.get('/config', { config: { public: true }, schema: { response: { 200: PublicConfigSchema } } }, async (): Promise<PublicConfig> => ({
    productName: PRODUCT_NAME,
    version: config.version,
    revision: config.revision,
    oidc: { issuer: keys.oidcIssuer, clientId: keys.oidcClientId },
  }));
}
