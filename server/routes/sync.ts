import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Type from 'typebox';
import { isServedCollection, SERVED_COLLECTIONS, SyncPage, SyncParams, SyncQuery, SyncStreamQuery, SYNC_DEFAULT_LIMIT, SYNC_MAX_LIMIT } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { COMPRESS_THRESHOLD_BYTES } from '../http/delivery';
import { acceptedEncoding, type SharedStart } from '../http/sharedCompression';
import { notFound } from '../http/errors';
import { createChangeHub } from '../sync/changes';
import { createPullCache } from '../sync/pullCache';
import { scheduleSyncMaintenance } from '../sync/purge';
import { pageEnd, pullPage, syncPageText, type SyncPageJson } from '../sync/pull';
import { openChangeStream } from '../sync/stream';
import type { RouteDeps } from './deps';

/** The replica's pulls and live change stream (DESIGN.md §4.4). */
export async function syncRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const hub = createChangeHub(db);
  const pulls = createPullCache();
  // preClose runs before the server waits for open requests: streams never end by themselves.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => hub.close());
  scheduleSyncMaintenance(app, db);

  // No query: anything sent is refused rather than ignored.
  app.get('/sync/stream', { schema: { querystring: SyncStreamQuery } }, async (request, reply) => openChangeStream(request, reply, db, hub, requireUser(request)));

  app.get<{ Params: Type.Static<typeof SyncParams>; Querystring: Type.Static<typeof SyncQuery> }>(
    '/sync/:collection',
    {
      schema: { params: SyncParams, querystring: SyncQuery, response: { 200: SyncPage } },
      // The documents are JSON text already (PostgreSQL writes the permits): they are joined,
      // not parsed and written again. A schema serializer took ~40 ms for a page of 1,000 permits.
      serializerCompiler: () => (page) => syncPageText(page as SyncPageJson),
    },
    async (request, reply) => {
      const { collection } = request.params;
      if (!isServedCollection(collection)) {
        throw notFound(`There is no collection "${collection}" to sync. The collections are ${SERVED_COLLECTIONS.join(', ')}.`);
      }
      const { checkpoint, limit = SYNC_DEFAULT_LIMIT } = request.query;
      const page = await pullPage(db, pulls, requireUser(request), collection, checkpoint, Math.min(limit, SYNC_MAX_LIMIT));
      return page.shared ? sendShared(request, reply, page, page.shared) : page;
    },
  );
}

/**
 * A page many devices are served, compressed once for all of them (the documents) and ended
 * with this device's checkpoint, instead of compressed again for each by registerCompression.
 * Below its threshold, or to a client that takes neither coding or opts out, it goes as any answer does.
 */
async function sendShared(request: FastifyRequest, reply: FastifyReply, page: SyncPageJson, shared: SharedStart): Promise<SyncPageJson | FastifyReply> {
  // x-no-compression: @fastify/compress's opt-out, which a shared page honours as any answer does.
  const encoding = request.headers['x-no-compression'] === undefined ? acceptedEncoding(request.headers['accept-encoding']) : null;
  const end = pageEnd(page);
  if (!encoding || page.documents.length + end.length < COMPRESS_THRESHOLD_BYTES) return page;
  const body = await shared.encode(encoding, end);
  return reply.type('application/json; charset=utf-8').header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
}
