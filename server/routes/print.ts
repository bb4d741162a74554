import type { FastifyInstance } from 'fastify';
import { AddPrinterBody, Printer, PrintBody, PrintResult, PermitPdfQuery } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { addPrinter, permitPdf, printPermit } from '../print/print';
import type { RouteDeps } from './deps';

/** Printing (SPEC §7 POST /print), the same PDF to download, and adding printers. GET /printer is in locations.ts. */
export async function printRoutes(app: FastifyInstance, { db, objects, config }: RouteDeps) {
  app.post<{ Body: PrintBody }>('/print', { schema: { body: PrintBody, response: { 200: PrintResult } } }, (request) =>
    printPermit(db, objects, config, requireUser(request), request.body),
  );

  app.get<{ Querystring: PermitPdfQuery }>('/permitpdf', { schema: { querystring: PermitPdfQuery } }, async (request, reply) => {
    const { pdf, reference } = await permitPdf(db, objects, config, requireUser(request), request.query.PermitInstanceId, request.query.Merge ?? false);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="permit-${reference.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  app.post<{ Body: AddPrinterBody }>('/printer', { schema: { body: AddPrinterBody, response: { 201: Printer } } }, async (request, reply) =>
    reply.code(201).send(await addPrinter(db, config, requireUser(request), request.body)),
  );
}
