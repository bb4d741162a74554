import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreatedServiceKey, CreateServiceKeyBody, ErrorResponse, ServiceKeyList, ServiceKeyParams, WorkOrderImportBody, WorkOrderImportQuery,
  WorkOrderImportReport, WorkOrderSearchBody, WorkOrderSearchResponse,
} from '../../schemas';
import { createServiceKey, listServiceKeys, revokeServiceKey, SERVICE_KEY_PREFIX, verifyServiceKey } from '../auth/serviceKeys';
import { actorOf, audit, type Actor } from '../audit/record';
import type { Queryable } from '../db/database';
import { requireUser } from '../http/authenticate';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { importWorkOrders, type Importer } from '../workorders/import';
import { searchWorkOrders } from '../workorders/search';
import { workOrderSites } from '../workorders/sites';
import type { RouteDeps } from './deps';

/** An ERP export of 100,000 orders is ~20 MB of CSV. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

function requireAdministrator(request: FastifyRequest) {
  const user = requireUser(request);
  if (!user.sys_admin_flag) throw forbidden('Only an administrator may do this: ask one, or use a service key made for your integration.');
  return user;
}

/** A service key acts as itself: the key's name is what an investigator can trace to the integration. */
const serviceKeyActor = (key: { ServiceKeyId: string; Name: string }): Actor => ({ id: null, name: `Service key ${key.Name} (${key.ServiceKeyId})`, kind: 'system' });

/** The import's caller: a live service key (its own site only), or a signed-in administrator. */
async function importer(db: Queryable, request: FastifyRequest): Promise<Importer> {
  const token = request.headers.authorization?.slice(7).trim() ?? '';
  if (token.startsWith(SERVICE_KEY_PREFIX)) {
    const key = await verifyServiceKey(db, token);
    if (!key) throw unauthorized('This service key is not valid or has been revoked: ask an administrator for a new one (people sign in instead).');
    return { actor: serviceKeyActor(key), personnelId: null, serviceKeyId: key.ServiceKeyId, onlySite: key.SiteId };
  }
  const admin = requireAdministrator(request);
  return { actor: actorOf(admin), personnelId: admin.personnel_id, serviceKeyId: null, onlySite: null };
}

/** Work orders (SPEC §7 and issue 9): the ERP's import, the server search, and the integrations' keys. */
export async function workOrderRoutes(app: FastifyInstance, { db }: RouteDeps) {
  // ERP list exports arrive as CSV; the import reads the text itself, so it can name a bad line.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, { csv: body }));

  app.post<{ Body: WorkOrderImportBody; Querystring: WorkOrderImportQuery }>(
    '/workorders/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { serviceKey: true },
      schema: { body: WorkOrderImportBody, querystring: WorkOrderImportQuery, response: { 200: WorkOrderImportReport, 422: WorkOrderImportReport, 400: ErrorResponse } },
    },
    async (request, reply) => {
      const who = await importer(db, request);
      const report = await importWorkOrders(db, who, request.body, { defaultSite: request.query.SiteId ?? null, partial: request.query.partial ?? false });
      return reply.code(report.applied ? 200 : 422).send(report);
    },
  );

  app.post<{ Body: WorkOrderSearchBody }>(
    '/workorders/search',
    { schema: { body: WorkOrderSearchBody, response: { 200: WorkOrderSearchResponse } } },
    async (request) => searchWorkOrders(db, await workOrderSites(db, requireUser(request)), request.body),
  );

  app.get('/servicekeys', { schema: { response: { 200: ServiceKeyList } } }, async (request) => {
    requireAdministrator(request);
    return { ServiceKeyList: await listServiceKeys(db) };
  });
  app.post<{ Body: CreateServiceKeyBody }>('/servicekeys', { schema: { body: CreateServiceKeyBody, response: { 201: CreatedServiceKey } } }, async (request, reply) => {
    const admin = requireAdministrator(request);
    const [site] = await db.query('select 1 from locations where site_id = $1 and not deleted limit 1', [request.body.SiteId]);
    if (!site) throw notFound(`There is no site ${request.body.SiteId}.`);
    const made = await db.transaction(async (tx) => {
      const created = await createServiceKey(tx, request.body.Name, request.body.SiteId, admin.personnel_id);
      await audit(tx, admin, 'serviceKey.create', { type: 'system', id: `serviceKey/${created.serviceKey.ServiceKeyId}`, siteId: request.body.SiteId }, {
        ServiceKeyId: created.serviceKey.ServiceKeyId, Name: request.body.Name, SiteId: request.body.SiteId,
      });
      return created;
    });
    return reply.code(201).send({ ServiceKey: made.serviceKey, Key: made.key });
  });
  app.delete<{ Params: ServiceKeyParams }>('/servicekeys/:id', { schema: { params: ServiceKeyParams } }, async (request, reply) => {
    const admin = requireAdministrator(request);
    const found = await db.transaction(async (tx) => {
      const revoked = await revokeServiceKey(tx, request.params.id);
      if (revoked === 'revoked') await audit(tx, admin, 'serviceKey.revoke', { type: 'system', id: `serviceKey/${request.params.id}` }, { ServiceKeyId: request.params.id });
      return revoked !== 'missing';
    });
    if (!found) throw notFound(`There is no service key ${request.params.id}.`);
    return reply.code(204).send();
  });
}
