import type { FastifyInstance } from 'fastify';
import type Type from 'typebox';
import { Preferences, PreferencesUpdate, UserQuery } from '../../schemas';
import { forbidden } from '../http/errors';
import { requireUser } from '../http/authenticate';
import { updatePreferences } from '../users/preferences';
import { findUserByEmail, isAccountUsable, presentProfile, todayUtc } from '../users/users';
import type { RouteDeps } from './deps';

export async function userRoutes(app: FastifyInstance, { db }: RouteDeps) {
  /** The signed-in user's profile, or null when OpenPermit has no usable account for them. */
  app.get<{ Querystring: Type.Static<typeof UserQuery> }>('/user', { schema: { querystring: UserQuery } }, async (request) => {
    const { identity } = request;
    const own = request.query.Email.trim().toLowerCase() === identity.email.toLowerCase();
    if (!own && !identity.user?.sys_admin_flag) throw forbidden('You can only look up your own profile.');
    const user = own ? identity.user : await findUserByEmail(db, request.query.Email);
    return user && isAccountUsable(user, todayUtc()) ? presentProfile(user) : null;
  });

  app.post<{ Body: PreferencesUpdate }>(
    '/userpref',
    { schema: { body: PreferencesUpdate, response: { 200: Preferences } } },
    async (request) => {
      const user = requireUser(request);
      if (request.body.PersonnelId !== user.personnel_id) throw forbidden('You can only change your own preferences.');
      return updatePreferences(db, user, request.body);
    },
  );
}
