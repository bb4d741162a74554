/**
 * Where the search page's results come from: the server when online (every permit the user may
 * view, older ones too), the replica when offline (the same filters over the permits on this
 * device, scored the same way).
 */
import { from, map, type Observable } from 'rxjs';
import { scoreOffline, searchBody, type SearchFilter } from '../../../../domain/permits/permitSearch';
import { searchPermits } from '../../../../replication/api';
import type { ReplicaDatabase } from '../../../../replication/replica';
import type { Permit } from '../../../../schemas';
import { permits$ } from '../permitQueries';

export interface SearchPage {
  rows: Permit[];
  total: number;
  /** More than `total` match (the server counts up to 10,000). */
  atLeast: boolean;
  /** The results are the permits on this device (offline). */
  local: boolean;
}

export interface SearchRequest {
  filter: SearchFilter;
  locationIds: readonly number[];
  today: string;
  page: number;
  size: number;
}

export function serverSearch$(r: SearchRequest): Observable<SearchPage> {
  return from(searchPermits(searchBody(r.filter, r.locationIds, r.today, r.page * r.size, r.size))).pipe(
    map((answer) => ({
      rows: answer.hits.hits.map((h) => h._source),
      total: answer.hits.total.value,
      atLeast: answer.hits.total.relation === 'gte',
      local: false,
    })),
  );
}

export function localSearch$(db: ReplicaDatabase, owner: string, r: SearchRequest): Observable<SearchPage> {
  const locations = new Set(r.locationIds);
  return permits$(db, owner).pipe(
    map((all) => {
      const scored = all
        .map(({ doc }) => ({ doc, score: scoreOffline(doc, r.filter, locations, r.today) }))
        .filter((s): s is { doc: Permit; score: number } => s.score !== null)
        .sort((a, b) => b.score - a.score || b.doc.CreatedOn.localeCompare(a.doc.CreatedOn));
      return { rows: scored.slice(r.page * r.size, (r.page + 1) * r.size).map((s) => s.doc), total: scored.length, atLeast: false, local: true };
    }),
  );
}
