import { MAX_SEARCH_TERMS } from '../constants';
import type { Permit, SavedFilter } from '../../schemas';

/** The search page's filters: a saved filter's Filter (SPEC §3), plus the work order a link may carry. */
export type SearchFilter = SavedFilter['Filter'] & { workOrderNumber?: string };
export type DateType = NonNullable<SearchFilter['dateType']>;

export const DATE_TYPES: Record<DateType, string> = { today: 'Today', week: 'This week', month: 'This month', custom: 'Custom' };

/** Relevance weights of SPEC §9, by the search field. */
export const SEARCH_FIELD_WEIGHTS = [
  ['PermitInstanceReferenceId', 6],
  ['workLocation', 5],
  ['permitIssuer', 4],
  ['assetNumber', 3],
  ['workDescription', 2],
  ['assetDescription', 1],
] as const;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dates of a saved filter's date type, from `today` (YYYY-MM-DD): today; this week (the last
 * 7 days); this month (the last 30 days). A custom range keeps its own dates. A saved filter
 * stores the type, so "this week" moves with the calendar.
 */
export function datesOf(filter: SearchFilter, today: string): { fromDate: string | null; toDate: string | null } {
  const back = (days: number) => day(new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000));
  switch (filter.dateType) {
    case 'today':
      return { fromDate: today, toDate: today };
    case 'week':
      return { fromDate: back(6), toDate: today };
    case 'month':
      return { fromDate: back(29), toDate: today };
    default:
      return { fromDate: filter.fromDate ?? null, toDate: filter.toDate ?? null };
  }
}

/** SPEC §5: at most 3 search terms, empty ones ignored. */
export const searchTermsOf = (filter: SearchFilter) => (filter.searchTerms ?? []).map((t) => t.trim()).filter(Boolean).slice(0, MAX_SEARCH_TERMS);

/**
 * The Elasticsearch-style body of POST /permits/search for the filters: each term a phrase-prefix
 * multi_match over the weighted fields (ANDed in must), the rest as filters. `locationIds` are
 * the chosen location and its descendants; the server keeps only those the user may view.
 */
export function searchBody(filter: SearchFilter, locationIds: readonly number[], today: string, from: number, size: number) {
  const fields = SEARCH_FIELD_WEIGHTS.map(([f, w]) => `${f}^${w}`);
  const must = searchTermsOf(filter).map((query) => ({ multi_match: { query, type: 'phrase_prefix', fields } }));
  const clauses: object[] = [{ terms: { LocationId: [...locationIds] } }];
  if (filter.State?.length) clauses.push({ terms: { State: filter.State } });
  if (filter.PermitType?.length) clauses.push({ terms: { 'permitTypes.Name': filter.PermitType } });
  if (filter.workOrderNumber?.trim()) clauses.push({ term: { 'workOrderNumber.keyword': filter.workOrderNumber.trim() } });
  // Issuer and receiver narrow the results without ranking them (and are not search terms).
  if (filter.permitIssuer?.trim()) clauses.push({ match_phrase_prefix: { permitIssuer: filter.permitIssuer.trim() } });
  if (filter.permitReceiver?.trim()) clauses.push({ match_phrase_prefix: { permitReceiver: filter.permitReceiver.trim() } });
  const { fromDate, toDate } = datesOf(filter, today);
  if (fromDate || toDate) clauses.push({ range: { CreatedOn: { ...(fromDate ? { gte: fromDate } : {}), ...(toDate ? { lte: toDate } : {}) } } });
  return {
    from,
    size,
    query: { bool: { must, filter: clauses } },
    sort: must.length ? ['_score', { CreatedOn: 'desc' }] : [{ CreatedOn: 'desc' }],
  };
}

/** A phrase-prefix term as the server reads it (server/search/permitQuery): words in order, the first at a word start, the last a prefix. */
export function phrasePrefixMatcher(term: string): (text: string) => boolean {
  const words = term.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const escaped = words.map((w) => w.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('\\s+');
  const pattern = new RegExp(`${/^\w/.test(words[0] ?? '') ? '(?:^|[^\\p{L}\\p{N}_])' : ''}${escaped}`, 'iu');
  return (text) => pattern.test(text);
}

const fieldText = (p: Permit, field: (typeof SEARCH_FIELD_WEIGHTS)[number][0]) =>
  field === 'workDescription' ? p.workDescription.map((w) => w.workDescription).join('\n') : p[field];

/**
 * The same search over the permits on this device (offline): the permit's score, or null when it
 * does not match. Scored as the server scores: per term the best weight among the fields it is in.
 */
export function scoreOffline(p: Permit, filter: SearchFilter, locationIds: ReadonlySet<number>, today: string): number | null {
  if (!locationIds.has(p.LocationId)) return null;
  if (filter.State?.length && !filter.State.includes(p.State)) return null;
  if (filter.PermitType?.length && !p.permitTypes.some((t) => filter.PermitType!.includes(t.Name))) return null;
  if (filter.workOrderNumber?.trim() && p.workOrderNumber !== filter.workOrderNumber.trim()) return null;
  if (filter.permitIssuer?.trim() && !phrasePrefixMatcher(filter.permitIssuer)(p.permitIssuer)) return null;
  if (filter.permitReceiver?.trim() && !phrasePrefixMatcher(filter.permitReceiver)(p.permitReceiver)) return null;
  const { fromDate, toDate } = datesOf(filter, today);
  const created = p.CreatedOn.slice(0, 10);
  if ((fromDate && created < fromDate) || (toDate && created > toDate)) return null;
  let score = 0;
  for (const term of searchTermsOf(filter)) {
    const matches = phrasePrefixMatcher(term);
    const best = Math.max(0, ...SEARCH_FIELD_WEIGHTS.filter(([f]) => matches(fieldText(p, f))).map(([, w]) => w));
    if (best === 0) return null;
    score += best;
  }
  return score;
}

/** The search page's URL parameters (SPEC §2; the reports page links with State, locationId and from=reporting). */
export function filterFromParams(params: URLSearchParams, homeLocationId: number | null): { filter: SearchFilter; fromLink: boolean } {
  const list = (name: string) => params.get(name)?.split(',').map((s) => s.trim()).filter(Boolean);
  const date = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? params.get(name) : null);
  const location = Number(params.get('locationId'));
  const filter: SearchFilter = {
    State: list('State') ?? [],
    PermitType: list('PermitType') ?? [],
    workOrderNumber: params.get('workOrderNumber') ?? '',
    fromDate: date('fromDate'),
    toDate: date('toDate'),
    dateType: 'custom',
    locationId: Number.isInteger(location) && params.has('locationId') ? location : (homeLocationId ?? undefined),
    searchTerms: [],
  };
  const fromLink = ['from', 'State', 'PermitType', 'workOrderNumber', 'fromDate', 'toDate', 'locationId'].some((k) => params.has(k));
  return { filter, fromLink };
}
