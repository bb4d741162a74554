/**
 * Printing (SPEC §7): the printers serving a location with their live state, the print itself,
 * and the same PDF to download. A print needs the printer now, so these are online calls; the
 * printer preferences go through the outbox like every other change.
 */
import type { Permit, Printer, PrintBody, PrintResult } from '../schemas';
import { api, http } from './http';

export const fetchPrinters = async (locationId: number): Promise<Printer[]> =>
  (await api<{ PrinterList: Printer[] }>('GET', `/printer?LocationId=${locationId}`)).PrinterList;

export const printPermit = (body: PrintBody) => api<PrintResult>('POST', '/print', body);

/** The permit's PDF, as the printer would get it. */
export async function permitPdf(permitId: string, merge: boolean): Promise<Blob> {
  const query = new URLSearchParams({ PermitInstanceId: permitId, ...(merge ? { Merge: 'true' } : {}) });
  const response = await http.open('GET', `/permitpdf?${query.toString()}`);
  return response.blob();
}

/** The permit as the server holds it now (the verification page a printed QR code opens). */
export const fetchLivePermit = (permitId: string) => api<Permit>('GET', `/permitinstance?PermitInstanceId=${encodeURIComponent(permitId)}`);
