import type { FastifyInstance } from 'fastify';
import {
  AddGasReadingBody, AreaSuspension, GasReadingResult, GasSettings, GasSettingsBody, GasSettingsQuery, GasTestsQuery, PermitGasTests, ResumeWorkBody, SuspendAreaBody,
} from '../../schemas';
import { everyMinute } from '../db/everyMinute';
import { runOverdueSweep } from '../gasTests/overdue';
import { addReading } from '../gasTests/readings';
import { readGasSettings, saveGasSettings } from '../gasTests/settings';
import { gasTestsOf, resumeWork, suspendArea } from '../gasTests/suspensions';
import { requireUser } from '../http/authenticate';
import type { RouteDeps } from './deps';

/**
 * Gas tests (issue 37): each route checks the token, then the service checks the user's standing
 * at the permit's (or area's, or site's) location before it writes, in one transaction with its
 * audit events. A failing reading and an area's emergency stop suspend work in that transaction.
 */
export async function gasTestRoutes(app: FastifyInstance, { db }: RouteDeps) {
  everyMinute(app, 'gas test overdue sweep', () => runOverdueSweep(db, new Date()));
  app.get<{ Querystring: GasTestsQuery }>('/gastests', { schema: { querystring: GasTestsQuery, response: { 200: PermitGasTests } } }, (request) =>
    gasTestsOf(db, requireUser(request), request.query.PermitInstanceId),
  );
  app.post<{ Body: AddGasReadingBody }>('/gastests/reading', { schema: { body: AddGasReadingBody, response: { 200: GasReadingResult, 201: GasReadingResult } } }, async (request, reply) => {
    const { created, result } = await db.transaction((tx) => addReading(tx, requireUser(request), request.body, new Date()));
    return reply.code(created ? 201 : 200).send(result);
  });
  app.post<{ Body: ResumeWorkBody }>('/gastests/resume', { schema: { body: ResumeWorkBody, response: { 200: PermitGasTests } } }, (request) =>
    db.transaction((tx) => resumeWork(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: SuspendAreaBody }>('/gastests/suspendarea', { schema: { body: SuspendAreaBody, response: { 200: AreaSuspension } } }, (request) =>
    db.transaction((tx) => suspendArea(tx, requireUser(request), request.body, new Date())),
  );
  app.get<{ Querystring: GasSettingsQuery }>('/gastests/settings', { schema: { querystring: GasSettingsQuery, response: { 200: GasSettings } } }, (request) => {
    requireUser(request);
    return readGasSettings(db, request.query.SiteId);
  });
  app.put<{ Querystring: GasSettingsQuery; Body: GasSettingsBody }>('/gastests/settings', { schema: { querystring: GasSettingsQuery, body: GasSettingsBody, response: { 200: GasSettings } } }, (request) =>
    db.transaction((tx) => saveGasSettings(tx, requireUser(request), request.query.SiteId, request.body)),
  );
}
