import type { FastifyInstance } from 'fastify';
import { InvitationQuery, InvitationStatus, RefreshBody, RegisterBody, SignInBody, TokenResponse } from '../../schemas';
import { refreshContractor, signInContractor, signOutContractor } from '../auth/contractorSessions';
import { checkInvitation, registerContractor } from '../auth/registration';
import type { RouteDeps } from './deps';

/** Contractors' email + password sessions (employees use the OpenID Connect provider). */
export async function authRoutes(app: FastifyInstance, { db, keys }: RouteDeps) {
  const options = (body: unknown) => ({ config: { public: true }, schema: { body, response: { 200: TokenResponse } } });

  app.post<{ Body: SignInBody }>('/auth/signin', options(SignInBody), (request) =>
    signInContractor(db, keys, request.body, request.ip),
  );

  app.post<{ Body: RefreshBody }>('/auth/refresh', options(RefreshBody), (request) =>
    refreshContractor(db, keys, request.body.refreshToken),
  );

  app.post<{ Body: RefreshBody }>('/auth/signout', { config: { public: true }, schema: { body: RefreshBody } }, async (request, reply) => {
    await signOutContractor(db, request.body.refreshToken);
    return reply.code(204).send();
  });

  /** Registration from the invitation link (SPEC §2 /auth/register): the link alone is the credential. */
  app.get<{ Querystring: InvitationQuery }>(
    '/auth/invitation',
    { config: { public: true }, schema: { querystring: InvitationQuery, response: { 200: InvitationStatus } } },
    (request) => checkInvitation(db, request.query, new Date()),
  );

  app.post<{ Body: RegisterBody }>('/auth/register', options(RegisterBody), (request) =>
    registerContractor(db, keys, request.body, new Date()),
  );
}
