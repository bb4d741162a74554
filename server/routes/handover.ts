import type { FastifyInstance } from 'fastify';
import {
  AcknowledgeHandoverBody, Handover, HandoverAddendumBody, HandoverHistory, HandoverHistoryQuery, HandoverQuery, RevalidatePermitBody, RevalidationResult, ShiftPattern, ShiftPatternBody, ShiftPatternQuery, SubmitHandoverBody,
} from '../../schemas';
import { acknowledgeHandover, addAddendum, handoverHistory, readHandover, submitHandover } from '../handover/handovers';
import { revalidatePermit } from '../handover/revalidation';
import { readShiftPattern, saveShiftPattern, loadShiftPattern } from '../handover/settings';
import { requireUser } from '../http/authenticate';
import { renderHandoverPdf } from '../print/handoverPdf';
import type { RouteDeps } from './deps';

const answers = { 200: Handover };

/**
 * Shift handover (issue 39): each route checks the token, then the service checks the user's
 * standing at the handover's area (permits.view to read, permits.edit to hand over, sign or add)
 * or, for the shifts, forms.edit at the site, before it writes, in one transaction with its audit event.
 */
export async function handoverRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get<{ Querystring: ShiftPatternQuery }>('/handover/shifts', { schema: { querystring: ShiftPatternQuery, response: { 200: ShiftPattern } } }, (request) => {
    requireUser(request);
    return readShiftPattern(db, request.query.SiteId);
  });
  app.put<{ Querystring: ShiftPatternQuery; Body: ShiftPatternBody }>('/handover/shifts', { schema: { querystring: ShiftPatternQuery, body: ShiftPatternBody, response: { 200: ShiftPattern } } }, (request) =>
    db.transaction((tx) => saveShiftPattern(tx, requireUser(request), request.query.SiteId, request.body)),
  );
  app.get<{ Querystring: HandoverQuery }>('/handover', { schema: { querystring: HandoverQuery, response: answers } }, (request) =>
    readHandover(db, requireUser(request), request.query.HandoverId),
  );
  app.get<{ Querystring: HandoverHistoryQuery }>('/handover/history', { schema: { querystring: HandoverHistoryQuery, response: { 200: HandoverHistory } } }, (request) =>
    handoverHistory(db, requireUser(request), request.query),
  );
  app.post<{ Body: SubmitHandoverBody }>('/handover', { schema: { body: SubmitHandoverBody, response: { ...answers, 201: Handover } } }, async (request, reply) => {
    const { created, handover } = await db.transaction((tx) => submitHandover(tx, requireUser(request), request.body, new Date()));
    return reply.code(created ? 201 : 200).send(handover);
  });
  app.post<{ Body: HandoverAddendumBody }>('/handover/addendum', { schema: { body: HandoverAddendumBody, response: answers } }, (request) =>
    db.transaction((tx) => addAddendum(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: AcknowledgeHandoverBody }>('/handover/acknowledge', { schema: { body: AcknowledgeHandoverBody, response: answers } }, (request) =>
    db.transaction((tx) => acknowledgeHandover(tx, requireUser(request), request.body, new Date())),
  );
  app.post<{ Body: RevalidatePermitBody }>('/handover/revalidate', { schema: { body: RevalidatePermitBody, response: { 200: RevalidationResult } } }, (request) =>
    db.transaction((tx) => revalidatePermit(tx, requireUser(request), request.body, new Date())),
  );
  app.get<{ Querystring: HandoverQuery }>('/handover/pdf', { schema: { querystring: HandoverQuery } }, async (request, reply) => {
    const user = requireUser(request);
    const handover = await readHandover(db, user, request.query.HandoverId);
    const { TimeZone } = await loadShiftPattern(db, handover.SiteId);
    const pdf = await renderHandoverPdf(handover, TimeZone, new Date(), `${user.first_name} ${user.last_name}`.trim());
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="handover-${handover.Shift.Start.slice(0, 10)}-${handover.Shift.Name.replace(/[^A-Za-z0-9-]+/g, '_')}-${handover.LocationId}.pdf"`)
      .send(Buffer.from(pdf));
  });
}
