import type { FastifyInstance } from 'fastify';
import { AsyncSearchParams, AsyncSearchResponse, PermitSearchBody, PermitSearchQuery } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { asyncSearchResult, startAsyncSearch } from '../search/asyncSearch';
import { searchPermits } from '../search/permitSearch';
import type { RouteDeps } from './deps';

/**
 * Permit search (SPEC §7, DESIGN.md §6): the Elasticsearch-style body translated to SQL over the
 * user's viewable locations. The answer is built as JSON by the database and sent as it is.
 */
export async function searchRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post<{ Body: PermitSearchBody; Querystring: PermitSearchQuery }>(
    '/permits/search',
    { schema: { body: PermitSearchBody, querystring: PermitSearchQuery } },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.query.keepAlive) return reply.send(await startAsyncSearch(db, user, request.body, request.query.keepAlive));
      return reply.type('application/json; charset=utf-8').send(await searchPermits(db, user, request.body));
    },
  );
  app.get<{ Params: AsyncSearchParams }>('/search/:id', { schema: { params: AsyncSearchParams, response: { 200: AsyncSearchResponse } } }, (request) =>
    asyncSearchResult(db, requireUser(request), request.params.id),
  );
}
