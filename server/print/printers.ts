import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node:url';
import ipp from 'ipp';

/** A printer's state as read over IPP (Get-Printer-Attributes), in the words of SPEC §3 ('Idle' is normal). */
export interface LiveState {
  Online: boolean;
  PrinterState: string;
  PrinterStateMessage: string;
  PrinterStateReasons: string[];
  SupportsColor: boolean;
}

/** What the printer said to a Print-Job: 'OK' when it took the job, else the IPP status or the failure. */
export interface JobOutcome {
  Result: string;
  JobId: number | null;
}

/** Long enough for a printer waking from sleep, short enough that a dialog does not hang on a dead one. */
const IPP_TIMEOUT_MS = 5_000;
const STATES: Record<string, string> = { idle: 'Idle', processing: 'Processing', stopped: 'Stopped' };

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]);

function execute(uri: string, operation: string, message: Record<string, unknown> | null) {
  const signal = AbortSignal.timeout(IPP_TIMEOUT_MS);
  return new Promise<Parameters<Parameters<ReturnType<typeof ipp.Printer>['execute']>[2]>[1]>((resolve, reject) => {
    // The URL object carries the signal on to http.request: a printer that never answers is given up.
    ipp.Printer({ ...parse(uri), signal }, { uri }).execute(operation, message, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

/** The embedded default's printers (`pdf-folder:name`): PDFs land in DATA_DIR/printed/name. */
const folderOf = (dataDir: string, uri: string) => (uri.startsWith('pdf-folder:') ? join(dataDir, 'printed', uri.slice('pdf-folder:'.length)) : null);

/** Reads the printer's state; an unreachable printer is not online, with the reason in its message. */
export async function readPrinterState(uri: string, dataDir: string): Promise<LiveState> {
  if (folderOf(dataDir, uri)) return { Online: true, PrinterState: 'Idle', PrinterStateMessage: 'Saves PDFs in a folder on the server', PrinterStateReasons: ['none'], SupportsColor: true };
  try {
    const response = await execute(uri, 'Get-Printer-Attributes', {
      'operation-attributes-tag': { 'requested-attributes': ['printer-state', 'printer-state-message', 'printer-state-reasons', 'color-supported', 'printer-is-accepting-jobs'] },
    });
    const attributes = response['printer-attributes-tag'] ?? {};
    const state = String(attributes['printer-state'] ?? 'unknown');
    return {
      Online: attributes['printer-is-accepting-jobs'] !== false,
      PrinterState: STATES[state] ?? state,
      PrinterStateMessage: String(attributes['printer-state-message'] ?? ''),
      PrinterStateReasons: list(attributes['printer-state-reasons']),
      SupportsColor: attributes['color-supported'] === true,
    };
  } catch (error) {
    return { Online: false, PrinterState: 'Unreachable', PrinterStateMessage: `The printer did not answer: ${(error as Error).message}`, PrinterStateReasons: ['offline-report'], SupportsColor: false };
  }
}

const BUSY_RETRIES = 10;
const BUSY_RETRY_MS = 500;

/** Sends a PDF with Print-Job. */
export async function sendPrintJob(uri: string, dataDir: string, pdf: Uint8Array, o: { jobName: string; user: string; color: boolean }): Promise<JobOutcome> {
  const folder = folderOf(dataDir, uri);
  if (folder) {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${o.jobName.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf`), pdf);
    return { Result: 'OK', JobId: null };
  }
  try {
    const send = () =>
      execute(uri, 'Print-Job', {
        'operation-attributes-tag': { 'requesting-user-name': o.user, 'job-name': o.jobName, 'document-format': 'application/pdf' },
        'job-attributes-tag': { 'print-color-mode': o.color ? 'color' : 'monochrome' },
        data: Buffer.from(pdf),
      });
    let response = await send();
    // A printer still taking the previous job answers busy: it asks to be tried again shortly (RFC 8011 §4.1.6).
    for (let attempt = 1; response.statusCode === 'server-error-busy' && attempt <= BUSY_RETRIES; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
      response = await send();
    }
    const ok = response.statusCode.startsWith('successful-ok');
    const jobId = response['job-attributes-tag']?.['job-id'];
    return { Result: ok ? 'OK' : response.statusCode, JobId: typeof jobId === 'number' ? jobId : null };
  } catch (error) {
    return { Result: `The printer did not answer: ${(error as Error).message}`, JobId: null };
  }
}
