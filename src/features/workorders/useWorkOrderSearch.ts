import { useCallback, useRef, useState } from 'react';
import { WORK_ORDER_SEARCH_PAGE_SIZE } from '../../../domain/constants';
import { workOrderSearchBody, type WorkOrderSearchFilter } from '../../../domain/workOrders';
import { searchWorkOrders } from '../../../replication/api';
import type { WorkOrder } from '../../../schemas';

export interface SearchState {
  results: WorkOrder[];
  total: number | null;
  loading: boolean;
  failed: boolean;
}

/** The search page's server search (SPEC §7): a new search from 0, 'Load more' from what is loaded, 20 at a time. */
export function useWorkOrderSearch(siteId: number) {
  const [state, setState] = useState<SearchState>({ results: [], total: null, loading: false, failed: false });
  // Answers of an older search that arrive late are dropped.
  const generation = useRef(0);
  const run = useCallback(
    async (text: string, filter: WorkOrderSearchFilter, from: number) => {
      const mine = from === 0 ? ++generation.current : generation.current;
      setState((s) => ({ ...s, results: from === 0 ? [] : s.results, total: from === 0 ? null : s.total, loading: true, failed: false }));
      try {
        const answer = await searchWorkOrders(workOrderSearchBody(text, filter, siteId, from, WORK_ORDER_SEARCH_PAGE_SIZE));
        if (mine !== generation.current) return;
        setState((s) => ({ results: [...(from === 0 ? [] : s.results), ...answer.hits.hits.map((h) => h._source)], total: answer.hits.total.value, loading: false, failed: false }));
      } catch {
        if (mine === generation.current) setState((s) => ({ ...s, loading: false, failed: true }));
      }
    },
    [siteId],
  );
  return { ...state, run };
}
