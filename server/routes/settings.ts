import type { FastifyInstance } from 'fastify';
import { RemoteSettings } from '../../schemas';
import { remoteSettings } from '../settings/settings';
import type { RouteDeps } from './deps';

export async function settingsRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/settings', { schema: { response: { 200: RemoteSettings } } }, () => remoteSettings(db));
}
