import type { PermitState, PermitsByStateReport } from '../schemas';
import { api } from './http';

/** GET /reports/permits-by-state: the server's counts by location and state, over every permit the user may view. */
export function getPermitsByState(states?: readonly PermitState[]): Promise<PermitsByStateReport> {
  const query = new URLSearchParams((states ?? []).map((state) => ['State', state]));
  const qs = query.size > 0 ? `?${query.toString()}` : '';
  return api<PermitsByStateReport>('GET', `/reports/permits-by-state${qs}`);
}
