import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuditExportQuery, AuditVerifyResponse } from '../../schemas';
import { registerDeviceTime } from '../audit/deviceTime';
import { exportEvents } from '../audit/export';
import { verifyChain } from '../audit/verify';
import { scheduleChainWitness } from '../audit/witness';
import { requireUser } from '../http/authenticate';
import { forbidden } from '../http/errors';
import type { RouteDeps } from './deps';

/** The whole company's record: administrators (SysAdminFlag) only. */
function requireAdministrator(request: FastifyRequest): void {
  if (!requireUser(request).sys_admin_flag) throw forbidden('Only administrators can verify or export the audit trail.');
}

/** The audit trail (issue 40): the device time of every change, the chain's witness, verify and export. */
export async function auditRoutes(app: FastifyInstance, { db }: RouteDeps) {
  await registerDeviceTime(app);
  scheduleChainWitness(app, db);

  app.get('/audit/verify', { schema: { response: { 200: AuditVerifyResponse } } }, async (request) => {
    requireAdministrator(request);
    return verifyChain(db);
  });

  app.get<{ Querystring: AuditExportQuery }>('/audit/export', { schema: { querystring: AuditExportQuery } }, async (request, reply) => {
    requireAdministrator(request);
    const { from, to, locationId, format = 'jsonl' } = request.query;
    const stream = await exportEvents(db, { from, to, locationId, format });
    const name = `audit-${from}-${to}${locationId === undefined ? '' : `-location-${locationId}`}.${format}`;
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stream);
  });
}
