/**
 * Printing (SPEC §7): the printers serving a location with their live state, the print itself,
 * and the same PDF to download. A print needs the printer now, so these are online calls; the
 * printer preferences go through the outbox like every other change.
 */
import type { AddPrinterBody, Permit, Printer, PrintBody, PrintResult } from '../schemas';
import { api, http } from './http';

export const fetchPrinters = async (locationId: number): Promise<Printer[]> =>
  (await api<{ PrinterList: Printer[] }>('GET', `/printer?LocationId=${locationId}`)).PrinterList;

/**
 * The printers of a location and of every location below it, with their state read now (the
 * admin list of a site). Administrators get each printer's URI.
 */
export const fetchPrintersBelow = async (locationId: number): Promise<Printer[]> =>
  (await api<{ PrinterList: Printer[] }>('GET', `/printer?LocationId=${locationId}&IncludeSublocations=true`)).PrinterList;

/**
 * POST /printer (administrators): the server reads the printer's state and colour support at
 * once, so this is an online call; devices get the new printer through the sitedata pull.
 * Refusals (409 a duplicate, 400 a bad URI or location) reject with the server's sentence.
 */
export const addPrinter = (body: AddPrinterBody) => api<Printer>('POST', '/printer', body);

export const printPermit = (body: PrintBody) => api<PrintResult>('POST', '/print', body);

/** The permit's PDF, as the printer would get it. */
export async function permitPdf(permitId: string, merge: boolean): Promise<Blob> {
  const query = new URLSearchParams({ PermitInstanceId: permitId, ...(merge ? { Merge: 'true' } : {}) });
  const response = await http.open('GET', `/permitpdf?${query.toString()}`);
  return response.blob();
}

/** An isolation certificate's PDF, for the lock box (issue 36). */
export async function isolationPdf(id: string): Promise<Blob> {
  const response = await http.open('GET', `/isolationpdf?IsolationCertificateId=${encodeURIComponent(id)}`);
  return response.blob();
}

/** A shift handover's PDF, as submitted with its addenda and signature (issue 39). */
export async function handoverPdf(id: string): Promise<Blob> {
  const response = await http.open('GET', `/handover/pdf?HandoverId=${encodeURIComponent(id)}`);
  return response.blob();
}

/** The permit as the server holds it now (the verification page a printed QR code opens). */
export const fetchLivePermit = (permitId: string) => api<Permit>('GET', `/permitinstance?PermitInstanceId=${encodeURIComponent(permitId)}`);
