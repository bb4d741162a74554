import type { Permit, PermitState } from '../../schemas';

/** SPEC §4: the states the permit list shows when the URL names none. */
export const DEFAULT_LIST_STATES: readonly PermitState[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'];

/** The list's filter choices (SPEC §2 /permits/list), by their `filter` query value. */
export const LIST_FILTERS = {
  allPermits: 'All Permits',
  myPermits: 'My Permits',
  requiresMyApproval: 'Requires My Approval',
} as const;
export type ListFilter = keyof typeof LIST_FILTERS;

/** What /permits/list reads from its URL: text, filter, workDate and state (comma-separated). */
export interface ListQuery {
  text: string;
  filter: ListFilter;
  workDate: string;
  states: readonly string[];
}

export function parseListQuery(params: URLSearchParams): ListQuery {
  const filter = params.get('filter');
  const states = params.get('state')?.split(',').map((s) => s.trim()).filter(Boolean);
  return {
    text: params.get('text') ?? '',
    filter: filter && filter in LIST_FILTERS ? (filter as ListFilter) : 'allPermits',
    workDate: /^\d{4}-\d{2}-\d{2}$/.test(params.get('workDate') ?? '') ? params.get('workDate')! : '',
    states: states?.length ? states : DEFAULT_LIST_STATES,
  };
}

/** The URL of a list query, leaving out what is the default, so links stay short. */
export function listQueryParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set('text', query.text);
  if (query.filter !== 'allPermits') params.set('filter', query.filter);
  if (query.workDate) params.set('workDate', query.workDate);
  const isDefault = query.states.length === DEFAULT_LIST_STATES.length && DEFAULT_LIST_STATES.every((s) => query.states.includes(s));
  if (!isDefault) params.set('state', query.states.join(','));
  return params;
}

/** The text a permit is found by, lower-cased once (SPEC §2: reference, work order, location, description, company, asset number and description, issuer). */
export function permitSearchText(p: Permit, locationTitle: string): string {
  return [
    p.PermitInstanceReferenceId, p.workOrderNumber, p.workLocation, locationTitle, ...p.workDescription.map((w) => w.workDescription),
    p.companyName, p.assetNumber, p.assetDescription, p.permitIssuer,
  ]
    .join('\n')
    .toLowerCase();
}

export interface ListCandidate {
  permit: Permit;
  /** permitSearchText of the permit. */
  text: string;
  yourApprovalRequired: boolean;
}

/**
 * Whether a permit passes the list's filters; `personnelId` is the signed-in user (My Permits).
 * Made once per query: the list calls it on every permit at each key typed.
 */
export function listQueryMatcher(query: ListQuery, personnelId: number): (c: ListCandidate) => boolean {
  const needle = query.text.trim().toLowerCase();
  const states = new Set(query.states);
  return ({ permit, text, yourApprovalRequired }) =>
    states.has(permit.State) &&
    (query.filter !== 'myPermits' || permit.CreatedBy === personnelId) &&
    (query.filter !== 'requiresMyApproval' || yourApprovalRequired) &&
    (!query.workDate || permit.workDate === query.workDate) &&
    (needle === '' || text.includes(needle));
}

/** One page of a list, and how many pages there are (at least one). */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(current * size, (current + 1) * size), page: current, pages };
}

/**
 * `items.filter(listQueryMatcher(query, personnelId))` that remembers its last answers: the
 * permits that pass the choices (states, filter, work date) while those stay the same, so a key
 * typed compares only texts; and, when the new text holds the last one (the user typed on), the
 * last matches, since only those can match.
 */
export function narrowingFilter<T extends ListCandidate>(): (items: readonly T[], query: ListQuery, personnelId: number) => T[] {
  let chosen: { items: readonly T[]; query: ListQuery; personnelId: number; matches: T[] } | null = null;
  let last: { needle: string; matches: T[] } | null = null;
  return (items, query, personnelId) => {
    if (chosen === null || chosen.items !== items || chosen.personnelId !== personnelId || !sameChoices(chosen.query, query)) {
      chosen = { items, query, personnelId, matches: items.filter(listQueryMatcher({ ...query, text: '' }, personnelId)) };
      last = null;
    }
    const needle = query.text.trim().toLowerCase();
    const matches = needle === '' ? chosen.matches : (last !== null && needle.includes(last.needle) ? last.matches : chosen.matches).filter((c) => c.text.includes(needle));
    last = { needle, matches };
    return matches;
  };
}

const sameChoices = (a: ListQuery, b: ListQuery) =>
  a.filter === b.filter && a.workDate === b.workDate && a.states.length === b.states.length && a.states.every((s, i) => s === b.states[i]);
