/**
 * Work-order rules of SPEC §2, §5 and §7 without I/O: the list's filters, which orders may have
 * a permit raised, and the body of the server search.
 */
import type { WorkOrder } from '../schemas';

/** The list's 'Contains Text' (any of number, asset, descriptions; no case) and 'Status' (any of the chosen). */
export function matchesListFilter(w: WorkOrder, text: string, statuses: readonly string[]): boolean {
  const needle = text.trim().toLowerCase();
  const inText = !needle || [w.workOrderNumber, w.assetNumber, w.assetDescription, w.workOrderDescription].some((f) => f.toLowerCase().includes(needle));
  return inText && (statuses.length === 0 || w.workOrderStatus.some((s) => statuses.includes(s)));
}

/** A permit may be raised from an order in one of the location's active statuses (SPEC §4). */
export const isActiveWorkOrder = (w: Pick<WorkOrder, 'workOrderStatus'>, activeStatuses: readonly string[]) =>
  w.workOrderStatus.some((s) => activeStatuses.includes(s));

/** query_string syntax characters, escaped so typed text is searched as it is (SPEC §5). */
const SPECIAL = /[+\-=&|!(){}[\]^"~*?:\\/]/g;

/**
 * The text of a work-order search: `<` and `>` dropped (they cannot be escaped), the rest of the
 * syntax escaped, and a number searched as a number (without SAP's leading zeros).
 */
export function searchText(text: string): string {
  const kept = text.replace(/[<>]/g, '').trim();
  if (/^\d+$/.test(kept)) return String(Number(kept));
  return kept.replace(SPECIAL, (c) => `\\${c}`);
}

export interface WorkOrderSearchFilter {
  fromDate?: string;
  toDate?: string;
  status: string[];
}

/**
 * The search page's body (SPEC §7): query_string over number, description and asset number,
 * filtered by site, status and scheduled start (upper bound now when no To date), by score.
 */
export function workOrderSearchBody(text: string, filter: WorkOrderSearchFilter, siteId: number, from: number, size: number) {
  const query = searchText(text);
  const filters: object[] = [{ term: { siteId } }];
  if (filter.status.length) filters.push({ terms: { workOrderStatus: filter.status } });
  filters.push({ range: { scheduledStart: { ...(filter.fromDate ? { gte: filter.fromDate } : {}), lte: filter.toDate ? `${filter.toDate}T23:59:59.999Z` : 'now' } } });
  const must = query ? [{ query_string: { query, fields: ['workOrderNumber', 'workOrderDescription', 'assetNumber'], default_operator: 'AND' } }] : [];
  return { from, size, query: { bool: { must, filter: filters } }, sort: ['_score'] };
}
