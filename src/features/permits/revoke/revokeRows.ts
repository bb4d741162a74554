import type { Overlaid } from '../../../../replication/outboxOverlay';
import type { Permit } from '../../../../schemas';

/** SPEC §9: the revoke table's page sizes and the size of one search. */
export const REVOKE_PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const REVOKE_DEFAULT_PAGE_SIZE = 10;
export const REVOKE_SEARCH_LIMIT = 200;

/** The default From date (SPEC §9): one year before `today`, as the date input holds it (YYYY-MM-DD, local). */
export function defaultFromDate(today: Date = new Date()): string {
  const from = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${from.getFullYear()}-${pad(from.getMonth() + 1)}-${pad(from.getDate())}`;
}

/** Local midnight of a YYYY-MM-DD date (epoch ms); null when the input is empty or half typed, which filters nothing. */
function startOfDay(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const at = new Date(`${date}T00:00:00`).getTime();
  return Number.isNaN(at) ? null : at;
}

export interface RevokeSearch {
  /** YYYY-MM-DD: permits changed on or after this day. */
  from: string;
  /** permits.edit at the permit's location (SPEC §6): the server refuses the others anyway. */
  mayEdit(locationId: number): boolean;
  /** Ids the user has ticked. */
  selected: ReadonlySet<string>;
}

export interface RevokeCandidates {
  rows: Overlaid<Permit>[];
  /** More permits matched than one search returns (SPEC §9); the oldest are left out. */
  capped: boolean;
}

const changedAt = (permit: Permit) => Date.parse(permit.DateChanged);
const newestFirst = (a: Overlaid<Permit>, b: Overlaid<Permit>) => changedAt(b.doc) - changedAt(a.doc);

/**
 * The rows of the revoke table: APPROVED permits the user may edit, changed since `from`, newest
 * first, at most one search's worth. A ticked permit stays listed even once it stops matching
 * (someone else revoked it, the date moved): the user sees what they are about to send, with its
 * new state, and can untick it; the server then says per permit why it was not revoked.
 */
export function revokeCandidates(permits: readonly Overlaid<Permit>[], search: RevokeSearch): RevokeCandidates {
  const since = startOfDay(search.from);
  const matching = permits
    .filter(({ doc }) => doc.State === 'APPROVED' && search.mayEdit(doc.LocationId) && (since === null || changedAt(doc) >= since))
    .sort(newestFirst);
  const rows = matching.slice(0, REVOKE_SEARCH_LIMIT);
  const shown = new Set(rows.map(({ doc }) => doc.PermitInstanceId));
  const kept = permits.filter(({ doc }) => search.selected.has(doc.PermitInstanceId) && !shown.has(doc.PermitInstanceId));
  return { rows: kept.length === 0 ? rows : [...rows, ...kept].sort(newestFirst), capped: matching.length > REVOKE_SEARCH_LIMIT };
}

/** The rows of one page, and the page actually shown when the list shrank under the one asked for. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(shown * size, shown * size + size), page: shown, pages };
}
