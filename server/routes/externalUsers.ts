import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ExternalUserView, InviteUserBody, UserList, UserListQuery, UserParams, UserPatch } from '../../schemas';
import { requireAdministrator, type Administrator } from '../externalUsers/access';
import { normalizeUserFields } from '../externalUsers/fields';
import { inviteExternalUser, resendInvitation } from '../externalUsers/invite';
import { etagOf, pageOfExternalUsers } from '../externalUsers/records';
import { deleteExternalUser, getExternalUser, updateExternalUser } from '../externalUsers/update';
import type { RouteDeps } from './deps';

/** Administration of external users (SPEC §7 Users): forms view at the user's site, or SysAdminFlag. */
export async function externalUserRoutes(app: FastifyInstance, { db, config, mailer }: RouteDeps) {
  const administrators = new WeakMap<FastifyRequest, Administrator>();
  const adminOf = (request: FastifyRequest) => administrators.get(request)!;

  await app.register(async (users) => {
    // Before validation: someone who may not administer users learns nothing from the errors of their input.
    users.addHook('preValidation', async (request) => {
      administrators.set(request, await requireAdministrator(db, request));
    });
    // JSON Patch documents may come with their own media type (RFC 6902).
    users.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, users.getDefaultJsonParser('error', 'error'));

    users.post<{ Body: InviteUserBody }>(
      '/users',
      {
        preValidation: async (request) => {
          request.body = normalizeUserFields(request.body) as InviteUserBody;
        },
        schema: { body: InviteUserBody, response: { 201: ExternalUserView } },
      },
      async (request, reply) => {
        const user = await inviteExternalUser({ db, config, mailer }, adminOf(request), request.body, new Date());
        return reply.code(201).header('etag', etagOf(user)).header('location', `/api/users/${user.PersonnelId}`).send(user);
      },
    );

    users.get<{ Querystring: UserListQuery }>('/users', { schema: { querystring: UserListQuery, response: { 200: UserList } } }, (request) =>
      pageOfExternalUsers(db, adminOf(request).sites, request.query.Limit, request.query.Page),
    );

    users.get<{ Params: UserParams }>(
      '/users/:user',
      { schema: { params: UserParams, response: { 200: ExternalUserView } } },
      async (request, reply) => {
        const { user, etag } = await getExternalUser(db, adminOf(request), request.params.user);
        return reply.header('etag', etag).send(user);
      },
    );

    users.patch<{ Params: UserParams; Body: UserPatch }>(
      '/users/:user',
      { schema: { params: UserParams, body: UserPatch, response: { 200: ExternalUserView } } },
      async (request, reply) => {
        const ifMatch = request.headers['if-match'];
        const { user, etag } = await updateExternalUser(db, adminOf(request), request.params.user, ifMatch, request.body, new Date());
        return reply.header('etag', etag).send(user);
      },
    );

    users.post<{ Params: UserParams }>('/users/:user/invite', { schema: { params: UserParams } }, async (request, reply) => {
      await resendInvitation({ db, config, mailer }, adminOf(request), request.params.user, new Date());
      return reply.code(204).send();
    });

    users.delete<{ Params: UserParams }>('/users/:user', { schema: { params: UserParams } }, async (request, reply) => {
      await deleteExternalUser(db, adminOf(request), request.params.user);
      return reply.code(204).send();
    });
  });
}
