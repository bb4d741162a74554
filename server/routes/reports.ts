import type { FastifyInstance } from 'fastify';
import { PermitsByStateQuery, PermitsByStateReport } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { permitsByState } from '../reports/permitsByState';
import type { RouteDeps } from './deps';

/**
 * Reports (SPEC §2 /reports/open-permits). The one question the report asks (how many permits
 * per location and state) is a plain GET with a validated state filter rather than a general
 * Elasticsearch-style `aggs` body: nothing else aggregates yet, and a fixed question cannot be
 * asked in a way that scans what the user may not see.
 */
export async function reportRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get<{ Querystring: PermitsByStateQuery }>(
    '/reports/permits-by-state',
    { schema: { querystring: PermitsByStateQuery, response: { 200: PermitsByStateReport } } },
    (request) => permitsByState(db, requireUser(request), request.query.State),
  );
}
