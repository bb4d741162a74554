import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { SERVICE_KEY_PREFIX } from '../auth/serviceKeys';
import type { TokenSubject } from '../auth/tokens';
import { batchedReads } from '../db/batchedReads';
import { findUsersByEmail, isAccountUsable, todayUtc, type UserRecord } from '../users/users';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (health, config, sign-in). */
    public?: boolean;
    /** Also takes an integration's service key as the bearer token; the route itself checks it. */
    serviceKey?: boolean;
  }
  interface FastifyRequest {
    /** Who made the request; set on every non-public /api route. */
    identity: Identity;
  }
}

export interface Identity extends TokenSubject {
  /** The OpenPermit account; null when the identity provider knows the person but we do not. */
  user: UserRecord | null;
}

/**
 * Every /api route needs a valid bearer token unless its config says `public: true`: secure by
 * default, so a new route cannot be forgotten.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Database,
  verify: (token: string) => Promise<TokenSubject | null>,
): void {
  // Read for each request, in one statement with the other requests' of the moment: a disabled account is refused at once.
  const accountOf = batchedReads((emails: string[]) => findUsersByEmail(db, emails));
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request) => {
    // Unknown routes answer 404 whoever asks; the app's files and public routes need no token.
    const route = request.routeOptions;
    if (!route.url || !route.url.startsWith('/api/') || route.config.public) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (route.config.serviceKey && token?.startsWith(SERVICE_KEY_PREFIX)) return;
    if (!token) throw unauthorized();
    const subject = await verify(token);
    if (!subject) throw unauthorized('Your sign-in has expired or is not valid. Sign in again.');
    const user = (await accountOf(subject.email)) ?? null;
    if (user && (user.kind !== subject.kind || !isAccountUsable(user, todayUtc()))) {
      throw unauthorized('Your account is not active. Contact your administrator.');
    }
    request.identity = { ...subject, user };
  });
}

/** The signed-in user's account; a person known only to the identity provider is refused. */
export function requireUser(request: FastifyRequest): UserRecord {
  const user = request.identity.user;
  if (!user) throw forbidden('Your account is not set up in OpenPermit. Contact your administrator.');
  return user;
}
