import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type TestServer } from './harness';
import { startTestPrinter, type TestPrinter } from './ippPrinter';
import { pdfText, qrOnFirstPage } from './pdfText';
import { actOn, createPermit, permitOf, post, signInCast, startPermitServer, type Cast } from './permitFactories';
import { base64, samplePdf } from './files/sampleFiles';

const PRINTER_PORT = Number(process.env.TEST_IPP_PORT ?? 8232);

describe.each(DATABASE_KINDS)('printing permits to a real IPP printer on %s', (kind) => {
  let server: TestServer;
  let printer: TestPrinter;
  let as: Cast;
  let printerId: number;
  const approved = async () => {
    const id = await createPermit(server, as.contractor);
    await actOn(server, as.issuer, id, 'PermitIssuer');
    await actOn(server, as.issuer, id, 'OperationsSupervisor');
    return id;
  };
  const printers = async (token: string) => {
    const response = await server.request({ method: 'GET', url: '/api/printer?LocationId=111', token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ PrinterList: { PermitPrinterId: number; Name: string; Online: boolean; PrinterState: string; PrinterStateReasons: string[]; SupportsColor: boolean }[] }>().PrinterList;
  };
  const waitForJob = async (count: number) => {
    for (let i = 0; i < 100 && printer.jobs().length < count; i++) await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs()).toHaveLength(count);
    return new Uint8Array(readFileSync(printer.jobs()[count - 1]!));
  };

  const idle = async () => {
    for (let i = 0; i < 60; i++) {
      if ((await printers(as.contractor)).find((p) => p.PermitPrinterId === printerId)?.PrinterState === 'Idle') return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('The test printer stayed busy for 30 s.');
  };

  beforeAll(async () => {
    printer = await startTestPrinter(PRINTER_PORT);
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await printer?.stop();
  });

  it('lets an administrator add a printer by its IPP URI, reading its colour support from it; others are refused', async () => {
    const body = { LocationId: 110, Name: 'Crude Unit Laser', Uri: printer.uri };
    expect((await post(server, as.issuer, '/printer', body)).json().message).toBe('Only an administrator can add printers.');
    const bad = await post(server, as.admin, '/printer', { ...body, Uri: 'http://evil.example/x' });
    expect(bad.statusCode).toBe(400);
    const added = await post(server, as.admin, '/printer', body);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ Name: 'Crude Unit Laser', Online: true, PrinterState: 'Idle', SupportsColor: false });
    printerId = added.json().PermitPrinterId;
    expect((await post(server, as.admin, '/printer', body)).statusCode).toBe(409);
  });

  it('lists the printers serving a location with their live IPP state', async () => {
    const list = await printers(as.contractor);
    expect(list.find((p) => p.PermitPrinterId === printerId)).toMatchObject({ Online: true, PrinterState: 'Idle', PrinterStateReasons: ['none'] });
    // The seeded site printers (PDF folders) serve the units below them too.
    expect(list.map((p) => p.Name)).toEqual(expect.arrayContaining(['Bayport Control Room', 'Crude Unit Office', 'Crude Unit Laser']));
  });

  it('lists a site for its administrator: the printers of every location below the one asked for, with their URIs, which others are not told', async () => {
    const response = await server.request({ method: 'GET', url: '/api/printer?LocationId=100&IncludeSublocations=true', token: as.admin });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<{ PrinterList: { PermitPrinterId: number; LocationId: number; Name: string; Uri?: string; PrinterState: string }[] }>().PrinterList;
    expect(list.map((p) => [p.LocationId, p.Name, p.Uri])).toEqual(
      expect.arrayContaining([
        [100, 'Bayport Control Room', 'pdf-folder:bayport-control-room'],
        [110, 'Crude Unit Office', 'pdf-folder:crude-unit-office'],
        [110, 'Crude Unit Laser', printer.uri],
      ]),
    );
    // Another site's printer is not below Bayport.
    expect(list.map((p) => p.Name)).not.toContain('Northfield Permit Office');
    // Without IncludeSublocations, the printers serving the location only (its own and those above).
    const serving = (await server.request({ method: 'GET', url: '/api/printer?LocationId=100', token: as.admin })).json<{ PrinterList: { Name: string }[] }>().PrinterList;
    expect(serving.map((p) => p.Name)).toEqual(['Bayport Control Room']);
    expect((await printers(as.contractor)).every((p) => !('Uri' in p))).toBe(true);
  });

  it('prints an approved permit: the job arrives as a PDF with the reference, state, sections and approvals, and its QR code opens the verification page', async () => {
    const id = await approved();
    const { PermitInstanceReferenceId: reference } = await permitOf(server, as.contractor, id);
    const before = printer.jobs().length;
    const response = await post(server, as.contractor, '/print', { PermitInstanceId: id, PrinterId: printerId, Color: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Result: 'OK', PrinterState: expect.stringMatching(/^(Idle|Processing)$/) });
    const job = await waitForJob(before + 1);
    const { text } = pdfText(job);
    expect(text).toContain(`Permit # ${reference}`);
    expect(text).toContain('State: APPROVED');
    expect(text).toContain('Atmospheric Distillation');
    expect(text).toContain('Weld tube support at burner 4');
    expect(text).toContain('Authorisation and acceptance');
    expect(text).toContain('Approvals');
    expect(text).toMatch(/by Priya Raman at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(qrOnFirstPage(job)).toBe(`${server.config.publicUrl}/permits/${id}/verify`);

    // 'Download PDF' gives the same document.
    const download = await server.request({ method: 'GET', url: `/api/permitpdf?PermitInstanceId=${id}`, token: as.contractor });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(pdfText(new Uint8Array(download.rawPayload)).text).toContain(`Permit # ${reference}`);
    // Two renderings, a rasterised page and a QR decode: slow on a busy machine.
  }, 90_000);

  it('refuses without permits.print, outside the location’s PrintableStates, and on a printer that does not serve the permit', async () => {
    const pending = await createPermit(server, as.contractor);
    const notPrintable = await post(server, as.contractor, '/print', { PermitInstanceId: pending, PrinterId: printerId });
    expect(notPrintable.statusCode).toBe(409);
    expect(notPrintable.json().message).toBe('A permit in state PENDING cannot be printed at Atmospheric Distillation; it prints in APPROVED, CLOSING, TIMEOUT, COMPLETED.');
    const id = await approved();
    const viewer = await post(server, as.viewer, '/print', { PermitInstanceId: id, PrinterId: printerId });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe('You do not have permission to print permits at Atmospheric Distillation.');
    expect((await server.request({ method: 'GET', url: `/api/permitpdf?PermitInstanceId=${id}`, token: as.viewer })).statusCode).toBe(403);
    const [northfield] = await server.db.query<{ printer_id: number }>("select printer_id from printers where name = 'Northfield Permit Office'");
    const elsewhere = await post(server, as.contractor, '/print', { PermitInstanceId: id, PrinterId: northfield!.printer_id });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('merges the attached PDFs only where the location says MergePdfs', async () => {
    const id = await approved();
    const attached = await post(server, as.contractor, '/permitattachment', {
      PermitInstanceId: id, PermitAttachmentId: randomUUID(), FileName: 'isolation.pdf', MimeType: 'application/pdf', Content: base64(await samplePdf('Isolation certificate IC-778')),
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const refused = await post(server, as.contractor, '/print', { PermitInstanceId: id, PrinterId: printerId, Merge: true });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('Attached PDFs are not merged into printed permits at Atmospheric Distillation.');

    await server.db.query(`update location_metadata set metadata = jsonb_set(metadata, '{MergePdfs}', 'true')`);
    const plain = pdfText(new Uint8Array((await server.request({ method: 'GET', url: `/api/permitpdf?PermitInstanceId=${id}`, token: as.contractor })).rawPayload));
    const before = printer.jobs().length;
    // ippeveprinter takes one job at a time and answers busy until the last one is done: wait, as a person at the printer would.
    await idle();
    expect((await post(server, as.contractor, '/print', { PermitInstanceId: id, PrinterId: printerId, Merge: true })).json().Result).toBe('OK');
    const merged = pdfText(await waitForJob(before + 1));
    expect(plain.text).not.toContain('Isolation certificate IC-778');
    expect(merged.text).toContain('Isolation certificate IC-778');
    expect(merged.pages).toBe(plain.pages + 1);
    await server.db.query(`update location_metadata set metadata = jsonb_set(metadata, '{MergePdfs}', 'false')`);
  });

  it('reports a printer that stopped answering as not online, and a print to it as failed', async () => {
    const id = await approved();
    printer.freeze();
    try {
      // An answer already on its way when the printer froze may still arrive (seen once in CI on a
      // busy machine): what counts is that, once silent, the printer reads as unreachable.
      let stopped = (await printers(as.contractor)).find((p) => p.PermitPrinterId === printerId);
      for (let asked = 1; asked < 3 && stopped?.Online; asked++) stopped = (await printers(as.contractor)).find((p) => p.PermitPrinterId === printerId);
      expect(stopped).toMatchObject({ Online: false, PrinterState: 'Unreachable' });
      const result = (await post(server, as.contractor, '/print', { PermitInstanceId: id, PrinterId: printerId })).json();
      expect(result.Result).not.toBe('OK');
      expect(result.PrinterState).toBe('Unreachable');
    } finally {
      printer.thaw();
    }
    // Each IPP call waits its 5 s before the printer counts as gone.
  }, 60_000);
});
