import type { FastifyInstance } from 'fastify';
import { BannersBody, RemoteSettings, SiteFeatures, SiteParams } from '../../schemas';
import { requireAdministrator, saveBanners, saveSiteFeatures } from '../settings/adminSettings';
import { remoteSettings } from '../settings/settings';
import type { RouteDeps } from './deps';

export async function settingsRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/settings', { schema: { response: { 200: RemoteSettings } } }, () => remoteSettings(db));

  app.put<{ Body: BannersBody }>(
    '/settings/banners',
    // Before validation: someone who may not change settings learns nothing from the errors of their input.
    { preValidation: async (request) => void requireAdministrator(request), schema: { body: BannersBody, response: { 200: RemoteSettings } } },
    async (request) => {
      const user = requireAdministrator(request);
      await db.transaction((tx) => saveBanners(tx, request.body, user));
      return remoteSettings(db);
    },
  );

  app.put<{ Params: { siteId: number }; Body: SiteFeatures }>(
    '/settings/sites/:siteId',
    { preValidation: async (request) => void requireAdministrator(request), schema: { params: SiteParams, body: SiteFeatures, response: { 200: RemoteSettings } } },
    async (request) => {
      const user = requireAdministrator(request);
      await db.transaction((tx) => saveSiteFeatures(tx, request.params.siteId, request.body, user));
      return remoteSettings(db);
    },
  );
}
