import type { AddPrinterBody, PrintBody, PrintResult, Printer } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import { ancestorsAndSelf, descendantsAndSelf } from '../../domain/locations';
import { loadAttachments } from '../attachments/attachments';
import { audit } from '../audit/record';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import { printedGasTests } from '../gasTests/printed';
import { certificatesOfPermit } from '../isolations/printed';
import { conflict, forbidden, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { locationMetadata } from '../locations/metadata';
import { authorize, permitContext } from '../permits/context';
import { loadDefinition } from '../permits/records';
import type { ObjectStore } from '../storage/objectStore';
import { granteeOf, type UserRecord } from '../users/users';
import { renderPermitPdf } from './permitPdf';
import { readPrinterState, sendPrintJob } from './printers';

interface PrinterRow {
  printer_id: number;
  location_id: number;
  name: string;
  uri: string;
  default_color: boolean;
}

/** What GET /printer answers beyond the printers serving the location itself. */
export interface LivePrinterOptions {
  /** Also the printers of every location below it (the admin list of a site). */
  sublocations?: boolean;
  /** Each printer's URI: for administrators, who manage printers; others only choose one. */
  withUri?: boolean;
}

/** Printers that serve a location (its own and those above it), each with its state read now over IPP. */
export async function livePrinters(db: Queryable, locationId: number, dataDir: string, options: LivePrinterOptions = {}): Promise<Printer[]> {
  const tree = await loadLocationTree(db);
  const chain = [...new Set([...ancestorsAndSelf(tree, locationId), ...(options.sublocations ? descendantsAndSelf(tree, locationId) : [])])];
  const rows = await db.query<PrinterRow>('select printer_id, location_id, name, uri, default_color from printers where location_id = any($1) and not deleted order by name', [chain]);
  return Promise.all(
    rows.map(async (r) => {
      const printer = presentLive(r, await readPrinterState(r.uri, dataDir));
      return options.withUri ? { ...printer, Uri: r.uri } : printer;
    }),
  );
}

const presentLive = (r: PrinterRow, state: Awaited<ReturnType<typeof readPrinterState>>): Printer => ({
  PermitPrinterId: r.printer_id,
  LocationId: r.location_id,
  Name: r.name,
  ...state,
  DefaultColor: r.default_color && state.SupportsColor,
});

/** The permit, checked for printing: permits.print at its location (SPEC §6) and a state the location prints in (SPEC §4). */
async function printable(db: Database, user: UserRecord, permitId: string) {
  const context = await permitContext(db, user, permitId, false);
  authorize(context, 'view');
  if (!abilitiesAt(granteeOf(user), context.tree, context.permit.LocationId).permits.print) {
    throw forbidden(`You do not have permission to print permits at ${context.locationTitle}.`);
  }
  const metadata = await locationMetadata(db, context.permit.LocationId, context.tree);
  const states = metadata?.PrintableStates ?? [];
  if (!states.includes(context.permit.State)) {
    throw conflict(`A permit in state ${context.permit.State} cannot be printed at ${context.locationTitle}; it prints in ${states.length ? states.join(', ') : 'no state'}.`);
  }
  return { context, mergeAllowed: metadata?.MergePdfs ?? false };
}

/** The permit's PDF, the same for the printer and for 'Download PDF'. */
export async function permitPdf(db: Database, objects: ObjectStore, config: Config, user: UserRecord, permitId: string, merge: boolean): Promise<{ pdf: Uint8Array; reference: string }> {
  const { context, mergeAllowed } = await printable(db, user, permitId);
  if (merge && !mergeAllowed) throw conflict(`Attached PDFs are not merged into printed permits at ${context.locationTitle}.`);
  const attached = merge ? (await loadAttachments(db, permitId)).filter((a) => a.MimeType === 'application/pdf') : [];
  const files = await Promise.all(attached.map(async (a) => (await objects.get(a.AttachmentKey))?.body));
  const pdf = await renderPermitPdf({
    permit: { ...context.permit, validUntil: context.permit.validUntil },
    definition: await loadDefinition(db, context.permit.PermitDefinitionId),
    approvals: context.approvals,
    gasTests: await printedGasTests(db, context.permit),
    isolations: await certificatesOfPermit(db, permitId),
    locationTitle: context.locationTitle,
    verifyUrl: `${config.publicUrl}/permits/${encodeURIComponent(permitId)}/verify`,
    printedAt: new Date(),
    printedBy: `${user.first_name} ${user.last_name}`.trim(),
    merge: files.filter((f): f is Uint8Array => f !== undefined),
  });
  return { pdf, reference: context.permit.PermitInstanceReferenceId };
}

/** POST /print: renders the permit and sends it to a printer that serves its location; answers the print result (SPEC §3). */
export async function printPermit(db: Database, objects: ObjectStore, config: Config, user: UserRecord, body: PrintBody): Promise<PrintResult> {
  const { context } = await printable(db, user, body.PermitInstanceId);
  const chain = ancestorsAndSelf(context.tree, context.permit.LocationId);
  const [printer] = await db.query<PrinterRow>('select printer_id, location_id, name, uri, default_color from printers where printer_id = $1 and location_id = any($2) and not deleted', [body.PrinterId, chain]);
  if (!printer) throw notFound(`Printer ${body.PrinterId} does not serve ${context.locationTitle}. Choose one of the printers listed for it.`);
  const { pdf, reference } = await permitPdf(db, objects, config, user, body.PermitInstanceId, body.Merge ?? false);
  const outcome = await sendPrintJob(printer.uri, config.dataDir, pdf, { jobName: `Permit ${reference}`, user: user.email, color: body.Color ?? false });
  // The state after the job: 'Processing' means it is printing (perhaps another job first).
  const state = await readPrinterState(printer.uri, config.dataDir);
  // The job has gone to the printer whatever happens next: its record is a change of its own.
  await db.transaction((tx) =>
    audit(tx, user, 'permit.print', { type: 'permit', id: body.PermitInstanceId }, {
      PermitInstanceId: body.PermitInstanceId, PrinterId: printer.printer_id, PrinterName: printer.name, Result: outcome.Result, JobId: outcome.JobId, Merge: body.Merge ?? false,
    }),
  );
  return { Result: outcome.Result, JobId: outcome.JobId, PrinterState: state.PrinterState, PrinterStateMessage: state.PrinterStateMessage, PrinterStateReasons: state.PrinterStateReasons };
}

/** POST /printer: an administrator adds a printer to a location by its IPP URI; its colour support is read from it. */
export async function addPrinter(db: Database, config: Config, user: UserRecord, body: AddPrinterBody): Promise<Printer> {
  if (!user.sys_admin_flag) throw forbidden('Only an administrator can add printers.');
  const tree = await loadLocationTree(db);
  if (!tree.byId.has(body.LocationId)) throw notFound(`There is no location with id ${body.LocationId}.`);
  const state = await readPrinterState(body.Uri, config.dataDir);
  const row = await db.transaction(async (tx) => {
    const [added] = await tx.query<PrinterRow>(
      `insert into printers (location_id, name, uri, supports_color, default_color) values ($1, $2, $3, $4, $5)
       on conflict (location_id, uri) where not deleted do nothing returning printer_id, location_id, name, uri, default_color`,
      [body.LocationId, body.Name, body.Uri, state.SupportsColor, (body.DefaultColor ?? false) && state.SupportsColor],
    );
    if (!added) throw conflict(`${body.Uri} is already a printer of this location.`);
    await audit(tx, user, 'printer.add', { type: 'printer', id: added.printer_id, locationId: body.LocationId }, { PrinterId: added.printer_id, Name: body.Name, LocationId: body.LocationId, Uri: body.Uri });
    return added;
  });
  // The one who added it manages it: the answer carries the URI, as the admin list does.
  return { ...presentLive(row, state), Uri: row.uri };
}
