import type { FastifyInstance } from 'fastify';
import type Type from 'typebox';
import { isPulledCollection, PULLED_COLLECTIONS, SyncPage, SyncParams, SyncQuery, SYNC_DEFAULT_LIMIT } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { notFound } from '../http/errors';
import { createChangeHub } from '../sync/changes';
import { scheduleSyncMaintenance } from '../sync/purge';
import { pullPage } from '../sync/pull';
import { openChangeStream } from '../sync/stream';
import type { RouteDeps } from './deps';

/** The replica's pulls and live change stream (DESIGN.md §4.4). */
export async function syncRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const hub = createChangeHub(db);
  // preClose runs before the server waits for open requests: streams never end by themselves.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => hub.close());
  scheduleSyncMaintenance(app, db);

  app.get('/sync/stream', async (request, reply) => openChangeStream(request, reply, db, hub, requireUser(request)));

  app.get<{ Params: Type.Static<typeof SyncParams>; Querystring: Type.Static<typeof SyncQuery> }>(
    '/sync/:collection',
    {
      schema: { params: SyncParams, querystring: SyncQuery, response: { 200: SyncPage } },
      // Pages are open records shaped by the presenters: a schema serializer takes ~40 ms for a
      // page of 1,000 permits where JSON.stringify takes ~8.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { collection } = request.params;
      if (!isPulledCollection(collection)) {
        throw notFound(`There is no collection "${collection}" to sync. The collections are ${PULLED_COLLECTIONS.join(', ')}.`);
      }
      const { checkpoint, limit = SYNC_DEFAULT_LIMIT } = request.query;
      return pullPage(db, requireUser(request), collection, checkpoint, limit);
    },
  );
}
