import type { FastifyInstance } from 'fastify';
import {
  CreateIsolationBody, EditIsolationBody, IsolationCertificate, IsolationLinkBody, IsolationPointBody, IsolationQuery, IsolationStepBody, ZeroEnergyBody,
} from '../../schemas';
import { requireUser } from '../http/authenticate';
import { certificateContext } from '../isolations/context';
import { createCertificate, editCertificate } from '../isolations/create';
import { linkPermit, unlinkPermit } from '../isolations/links';
import { isolationPdf } from '../isolations/printed';
import { recordZeroEnergy, stepCertificate, stepPoint } from '../isolations/steps';
import type { RouteDeps } from './deps';

const answers = { 200: IsolationCertificate };

/**
 * Isolation certificates (issue 36): each route checks the token, then the service checks
 * permits.view (to see) or permits.edit (to change) at the certificate's location, its state and
 * the interlock with the permits that name it, before it writes, in one transaction with its audit event.
 */
export async function isolationRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  app.get<{ Querystring: IsolationQuery }>('/isolations', { schema: { querystring: IsolationQuery, response: answers } }, async (request) =>
    (await certificateContext(db, requireUser(request), request.query.IsolationCertificateId, false)).certificate,
  );
  app.post<{ Body: CreateIsolationBody }>('/isolations', { schema: { body: CreateIsolationBody, response: { ...answers, 201: IsolationCertificate } } }, async (request, reply) => {
    const { created, certificate } = await createCertificate(db, requireUser(request), request.body, new Date());
    return reply.code(created ? 201 : 200).send(certificate);
  });
  app.put<{ Body: EditIsolationBody }>('/isolations', { schema: { body: EditIsolationBody, response: answers } }, (request) =>
    db.transaction((tx) => editCertificate(tx, requireUser(request), request.body)),
  );
  app.post<{ Body: IsolationStepBody }>('/isolations/step', { schema: { body: IsolationStepBody, response: answers } }, (request) =>
    db.transaction((tx) => stepCertificate(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: IsolationPointBody }>('/isolations/point', { schema: { body: IsolationPointBody, response: answers } }, (request) =>
    db.transaction((tx) => stepPoint(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: ZeroEnergyBody }>('/isolations/zeroenergy', { schema: { body: ZeroEnergyBody, response: answers } }, (request) =>
    db.transaction((tx) => recordZeroEnergy(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: IsolationLinkBody }>('/isolations/link', { schema: { body: IsolationLinkBody, response: answers } }, (request) =>
    db.transaction((tx) => linkPermit(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: IsolationLinkBody }>('/isolations/unlink', { schema: { body: IsolationLinkBody, response: answers } }, (request) =>
    db.transaction((tx) => unlinkPermit(tx, requireUser(request), request.body)),
  );

  app.get<{ Querystring: IsolationQuery }>('/isolationpdf', { schema: { querystring: IsolationQuery } }, async (request, reply) => {
    const { pdf, reference } = await isolationPdf(db, config, requireUser(request), request.query.IsolationCertificateId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="isolation-${reference.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
}
