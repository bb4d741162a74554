import type { FastifyInstance } from 'fastify';
import {
  ListItemParams, ListItemsBody, ListParams, ListWriteQuery, SiteList, SiteLists, SiteParams,
  type ListWriteQuery as ListWriteQueryType,
} from '../../schemas';
import { requireSite } from '../admin/siteAccess';
import { deleteItem, deleteList, siteList, siteLists, writeList } from '../lists/lists';
import type { RouteDeps } from './deps';

const WHAT = 'the lists';

/** The lists of a site (SPEC §7 Lists): read with forms or permits view there, changed with forms edit. */
export async function listRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get<{ Params: { siteId: number } }>('/lists/:siteId', { schema: { params: SiteParams, response: { 200: SiteLists } } }, async (request) => {
    await requireSite(db, request, request.params.siteId, 'read', WHAT);
    return { SiteId: request.params.siteId, Lists: await siteLists(db, request.params.siteId) };
  });

  app.get<{ Params: ListParams }>('/lists/:siteId/:fieldKey', { schema: { params: ListParams, response: { 200: SiteList } } }, async (request) => {
    await requireSite(db, request, request.params.siteId, 'read', WHAT);
    return siteList(db, request.params.siteId, request.params.fieldKey);
  });

  app.post<{ Params: ListParams; Querystring: ListWriteQueryType; Body: ListItemsBody }>(
    '/lists/:siteId/:fieldKey',
    { schema: { params: ListParams, querystring: ListWriteQuery, body: ListItemsBody, response: { 200: SiteList, 201: SiteList } } },
    async (request, reply) => {
      const { siteId, fieldKey } = request.params;
      const user = await requireSite(db, request, siteId, 'edit', WHAT);
      const { list, created } = await db.transaction((tx) =>
        writeList(tx, { siteId, fieldKey, items: request.body, mode: request.query.Mode ?? 'upsert', replace: request.query.Replace, who: user }),
      );
      return reply.code(created ? 201 : 200).send(list);
    },
  );

  app.delete<{ Params: ListParams }>('/lists/:siteId/:fieldKey', { schema: { params: ListParams } }, async (request, reply) => {
    const { siteId, fieldKey } = request.params;
    const user = await requireSite(db, request, siteId, 'edit', WHAT);
    await db.transaction((tx) => deleteList(tx, siteId, fieldKey, user));
    return reply.code(204).send();
  });

  app.delete<{ Params: ListItemParams }>(
    '/lists/:siteId/:fieldKey/:itemValue',
    { schema: { params: ListItemParams, response: { 200: SiteList } } },
    async (request) => {
      const { siteId, fieldKey, itemValue } = request.params;
      const user = await requireSite(db, request, siteId, 'edit', WHAT);
      return db.transaction((tx) => deleteItem(tx, siteId, fieldKey, itemValue, user));
    },
  );
}
