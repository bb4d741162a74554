import type { FastifyInstance } from 'fastify';
import { PermitCacheClear, PermitCacheCleared } from '../../schemas';
import { requireSite } from '../admin/siteAccess';
import { clearPermitCache } from '../permits/permitCache';
import { todayUtc } from '../users/users';
import type { RouteDeps } from './deps';

/** Permit cache clear (SPEC §7): forms edit at the site, like the site's lists. */
export async function permitCacheRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.patch<{ Body: PermitCacheClear }>(
    '/permits/search/all',
    { schema: { body: PermitCacheClear, response: { 200: PermitCacheCleared } } },
    async (request) => {
      const user = await requireSite(db, request, request.body.SiteId, 'edit', 'the permit cache');
      const Permits = await db.transaction((tx) => clearPermitCache(tx, request.body, todayUtc(), user));
      return { Permits };
    },
  );
}
