import { revalidationStatus, type RevalidationFacts } from '../../../domain/handover/revalidation';
import type { ShiftPattern } from '../../../schemas';

/**
 * Whether a permit shows *Revalidation required* (issue 39): its site revalidates at shift change
 * and the grace period is over with no revalidation for this shift, by the domain's rule. False
 * while the shifts are read. The permit as the replica holds it: its history carries the revalidations.
 */
export function revalidationRequired(permit: RevalidationFacts & { SiteId: number }, patternOf: ((siteId: number) => ShiftPattern) | undefined, now: Date): boolean {
  if (!patternOf || permit.State !== 'APPROVED') return false;
  return revalidationStatus(permit, patternOf(permit.SiteId), now).kind === 'required';
}
