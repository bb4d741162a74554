import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Queryable } from '../../db/database';
import { getOrCreateSecret } from '../secrets';

/** The algorithm of the provider's signing key: small tokens, fast to generate and verify. */
export const SIGNING_ALG = 'ES256' as const;

export interface OidcSecrets {
  /** Private signing keys (the provider's `jwks`); never leaves the server. */
  signingJwks: { keys: JWK[] };
  /** Keygrip keys that sign the provider's cookies; the first one signs, all verify. */
  cookieKeys: string[];
}

async function makeSigningJwks(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALG, use: 'sig' }] };
}

/**
 * Loads the provider's keys, generating them on first start. They live in the database so that
 * every instance signs and verifies with the same keys and none is ever in the repository.
 */
export async function loadOidcSecrets(db: Queryable): Promise<OidcSecrets> {
  const signingJwks = await getOrCreateSecret(db, 'oidcSigningJwks', makeSigningJwks);
  const cookieKeys = await getOrCreateSecret(db, 'oidcCookieKeys', () => [randomBytes(32).toString('base64url')]);
  return { signingJwks, cookieKeys };
}

// Members that hold private key material, for EC, OKP and RSA keys.
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public half of a key set: what relying parties may see. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK),
  };
}
