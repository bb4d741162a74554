import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { Queryable } from '../db/database';
import { getOrCreateSecret } from './secrets';
import { createVerifiedTokens } from './verifiedTokens';

/** Contractor access tokens are short-lived: a disabled account loses access within this time. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const AUDIENCE = 'openpermit-api';

/** Who a valid bearer token speaks for. */
export interface TokenSubject {
  email: string;
  kind: 'employee' | 'external';
}

export interface TokenKeys {
  contractorIssuer: string;
  contractorKey: Uint8Array;
  oidcIssuer: string;
  oidcClientId: string;
  /** The built-in provider's public keys; a corporate provider's are fetched from its JWKS URL. */
  oidcJwks?: JSONWebKeySet;
}

export async function loadContractorKey(db: Queryable): Promise<Uint8Array> {
  const encoded = await getOrCreateSecret(db, 'contractorTokenKey', () => randomBytes(32).toString('base64url'));
  return Buffer.from(encoded, 'base64url');
}

export function signContractorToken(keys: TokenKeys, personnelId: number, email: string): Promise<string> {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(keys.contractorIssuer)
    .setAudience(AUDIENCE)
    .setSubject(String(personnelId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(keys.contractorKey);
}

async function discoverJwks(issuer: string) {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`The identity provider ${issuer} did not publish its configuration (${response.status}).`);
  const { jwks_uri } = (await response.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(jwks_uri));
}

/**
 * Verifies a bearer token: a contractor access token signed by this server, or an id_token
 * of the employees' OpenID Connect provider. Resolves to null when it is not valid. A valid
 * token's subject is kept for the requests that follow with it (verifiedTokens.ts).
 */
export function createTokenVerifier(keys: TokenKeys): (token: string) => Promise<TokenSubject | null> {
  let employeeKeys: ReturnType<typeof createLocalJWKSet> | Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const employeeJwks = () => (employeeKeys ??= keys.oidcJwks ? createLocalJWKSet(keys.oidcJwks) : discoverJwks(keys.oidcIssuer));

  const subjectOf = async (token: string, issuer: string | undefined): Promise<{ subject: TokenSubject; payload: JWTPayload } | null> => {
    if (issuer === keys.contractorIssuer) {
      const { payload } = await jwtVerify(token, keys.contractorKey, { issuer, audience: AUDIENCE, algorithms: ['HS256'] });
      return typeof payload.email === 'string' ? { subject: { email: payload.email, kind: 'external' }, payload } : null;
    }
    if (issuer === keys.oidcIssuer) {
      const { payload } = await jwtVerify(token, await employeeJwks(), { issuer, audience: keys.oidcClientId });
      const email = employeeEmail(payload);
      return email ? { subject: { email, kind: 'employee' }, payload } : null;
    }
    return null;
  };

  const verified = createVerifiedTokens();
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return null;
    }
    try {
      const valid = await subjectOf(token, issuer);
      if (!valid) return null;
      verified.keep(token, valid.subject, valid.payload.exp === undefined ? Infinity : valid.payload.exp * 1000);
      return valid.subject;
    } catch {
      return null;
    }
  };
}

/** Corporate providers name the address differently (Entra ID: preferred_username or upn). */
function employeeEmail(payload: JWTPayload): string | undefined {
  for (const claim of ['email', 'preferred_username', 'upn']) {
    const value = payload[claim];
    if (typeof value === 'string' && value.includes('@')) return value;
  }
  return undefined;
}
