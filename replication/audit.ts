/**
 * The audit trail's administration (issue 40): verify the hash chain and export its events.
 * Both read the server's whole record, so they are online calls (DESIGN.md §4.8), for
 * administrators only; a refusal rejects with the server's sentence (ApiError).
 */
import type { AuditExportQuery, AuditVerifyResponse } from '../schemas';
import { api, http } from './http';

/** GET /audit/verify: the server walks the chain from its first event and names the first broken link. */
export const verifyAuditChain = () => api<AuditVerifyResponse>('GET', '/audit/verify');

/** An export as the server sent it, ready to hand to the browser as a file. */
export interface AuditExportFile {
  blob: Blob;
  /** The server's name for it (Content-Disposition), which says the range and the location. */
  fileName: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="…"`), if it has one. */
export function dispositionFileName(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * GET /audit/export: the events of the range as CSV or JSON lines. Fetched here rather than
 * opened as a link because the request needs the bearer token, which a plain link cannot send.
 */
export async function exportAuditEvents(query: Required<Pick<AuditExportQuery, 'from' | 'to' | 'format'>> & Pick<AuditExportQuery, 'locationId'>): Promise<AuditExportFile> {
  const params = new URLSearchParams({ from: query.from, to: query.to, format: query.format });
  if (query.locationId !== undefined) params.set('locationId', String(query.locationId));
  const response = await http.open('GET', `/audit/export?${params.toString()}`);
  const fallback = `audit-${query.from}-${query.to}.${query.format}`;
  return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) ?? fallback };
}
