import type { FastifyInstance } from 'fastify';
import type Type from 'typebox';
import { LocationIdQuery, LocationList, LocationMetadata, LocationQuery, PrinterList } from '../../schemas';
import { ROOT_LOCATION_ID } from '../../domain/constants';
import { requireAbility } from '../http/abilities';
import { notFound } from '../http/errors';
import { listLocations } from '../locations/locations';
import { locationMetadata, printersFor } from '../locations/metadata';
import { companyName } from '../settings/settings';
import type { RouteDeps } from './deps';

type LocationIdQuery = Type.Static<typeof LocationIdQuery>;

export async function locationRoutes(app: FastifyInstance, { db }: RouteDeps) {
  /** The company's location tree: every signed-in user needs it for the location picker. */
  app.get<{ Querystring: Type.Static<typeof LocationQuery> }>(
    '/location',
    { schema: { querystring: LocationQuery, response: { 200: LocationList } } },
    async (request) => {
      const all = await listLocations(db);
      const LocationList = request.query.IncludeSublocations ? all : all.filter((l) => l.ParentLocationId === ROOT_LOCATION_ID);
      return { CompanyName: await companyName(db), LocationList };
    },
  );

  app.get<{ Querystring: LocationIdQuery }>(
    '/locationmetadata',
    { schema: { querystring: LocationIdQuery, response: { 200: LocationMetadata } } },
    async (request) => {
      const location = await requireAbility(db, request, request.query.LocationId, 'permits.view');
      const metadata = await locationMetadata(db, location.LocationId);
      if (!metadata) throw notFound(`${location.Title} has no permit set-up yet. Ask an administrator to publish its forms.`);
      return metadata;
    },
  );

  app.get<{ Querystring: LocationIdQuery }>(
    '/printer',
    { schema: { querystring: LocationIdQuery, response: { 200: PrinterList } } },
    async (request) => {
      await requireAbility(db, request, request.query.LocationId, 'permits.view');
      return { PrinterList: await printersFor(db, request.query.LocationId) };
    },
  );
}
