/**
 * An area's handovers past what the device keeps (the replica holds the last 15 days): read from
 * the server a page at a time, online only, and only read — nothing is written to them from here.
 */
import type { HandoverHistory } from '../schemas';
import { api } from './http';

/** GET /handover/history: the area's handovers of shifts that ended before `before` (all when null), newest shift first. */
export function fetchHandoverHistory(locationId: number, before: string | null, limit = 20): Promise<HandoverHistory> {
  const query = new URLSearchParams({ LocationId: String(locationId), Limit: String(limit), ...(before && { Before: before }) });
  return api<HandoverHistory>('GET', `/handover/history?${query.toString()}`);
}
