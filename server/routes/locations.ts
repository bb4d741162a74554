import type { FastifyInstance } from 'fastify';
import type Type from 'typebox';
import { LocationIdQuery, LocationList, LocationMetadata, LocationQuery, PrinterList, PrinterQuery } from '../../schemas';
import { ROOT_LOCATION_ID } from '../../domain/constants';
import { requireAbility } from '../http/abilities';
import { requireUser } from '../http/authenticate';
import { notFound } from '../http/errors';
import { listLocations } from '../locations/locations';
import { locationMetadata } from '../locations/metadata';
import { livePrinters } from '../print/print';
import { companyName } from '../settings/settings';
import type { RouteDeps } from './deps';

type LocationIdQuery = Type.Static<typeof LocationIdQuery>;

export async function locationRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
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

  app.get<{ Querystring: PrinterQuery }>(
    '/printer',
    { schema: { querystring: PrinterQuery, response: { 200: PrinterList } } },
    async (request) => {
      await requireAbility(db, request, request.query.LocationId, 'permits.view');
      const options = { sublocations: request.query.IncludeSublocations ?? false, withUri: requireUser(request).sys_admin_flag };
      // Each printer's state is read now over IPP (issue 10), not the last one stored.
      return { PrinterList: await livePrinters(db, request.query.LocationId, config.dataDir, options) };
    },
  );
}
