import { useCallback } from 'react';
import type { Permit } from '../../../schemas';
import { gasOnCard } from './gasOnCard';
import { useAllGasTests } from './useGasTests';
import { useNow } from './useNow';

/**
 * Whether a permit's work is stopped by its gas tests (issue 37), judged from the replica and the
 * clock as its card and page judge it: for the screens that mark it beside the permit's state
 * (search results, the report's counts). False while the replica is read.
 */
export function useIsSuspended(): (permit: Permit) => boolean {
  const gas = useAllGasTests();
  // An overdue retest stops the work as the clock moves on, with no change in the replica.
  const now = useNow(30_000);
  return useCallback((permit: Permit) => gasOnCard(permit, gas, now).suspended, [gas, now]);
}
