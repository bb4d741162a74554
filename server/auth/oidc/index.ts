import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import Provider from 'oidc-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { providerConfiguration } from './configuration';
import { registerInteractionRoutes } from './interactions';
import { loadOidcSecrets, publicJwks } from './keys';
import { mountProvider } from './mount';

/** Where the built-in provider lives; its issuer is `${publicUrl}${MOUNT_PATH}`. */
export const MOUNT_PATH = '/oidc';

/**
 * Mounts the built-in OpenID Connect provider (employees' single sign-on) at /oidc on the root
 * Fastify instance. Resolves to its issuer and public keys, so that the API can verify the
 * id_tokens it issues without a request to itself.
 */
export async function registerOidcProvider(
  app: FastifyInstance,
  deps: { db: Database; config: Config },
): Promise<{ issuer: string; jwks: { keys: JWK[] } }> {
  const { db, config } = deps;
  const issuer = `${config.publicUrl}${MOUNT_PATH}`;
  const secrets = await loadOidcSecrets(db);
  const provider = new Provider(
    issuer,
    providerConfiguration({ db, secrets, publicUrl: config.publicUrl, mountPath: MOUNT_PATH, clientId: config.oidcClientId }),
  );
  provider.on('server_error', (_ctx, error: Error) => app.log.error({ err: error }, 'OpenID provider error'));

  mountProvider(app, provider, { mountPath: MOUNT_PATH, publicUrl: config.publicUrl });
  await registerInteractionRoutes(app, { db, provider, mountPath: MOUNT_PATH, publicUrl: config.publicUrl });
  return { issuer, jwks: publicJwks(secrets.signingJwks) };
}
