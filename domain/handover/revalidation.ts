import type { PermitHistoryEvent, ShiftPattern } from '../../schemas';
import { shiftAt, type Shift } from './shifts';

/** The audit action of a revalidation, kept in the permit's history (so every device reads it with the permit). */
export const REVALIDATE_ACTION = 'permit.revalidate';

/** What the rule reads of a permit: its state, when it was approved, and its history. */
export interface RevalidationFacts {
  State: string;
  EffectiveDate: string | null;
  History?: readonly Pick<PermitHistoryEvent, 'Action' | 'Details'>[];
}

/**
 * Where a permit stands at shift change: `off` when the site does not revalidate or the permit is
 * not APPROVED, or was approved during this shift (its approval is this shift's); `done` when
 * revalidated for this shift; `due` while the grace period runs; `required` after it.
 */
export type RevalidationStatus = { kind: 'off' } | { kind: 'done' | 'due' | 'required'; shift: Shift; requiredAt: Date };

export function revalidationStatus(permit: RevalidationFacts, pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone' | 'Revalidation'>, now: Date): RevalidationStatus {
  if (!pattern.Revalidation?.Enabled || permit.State !== 'APPROVED') return { kind: 'off' };
  const shift = shiftAt(pattern, now);
  const approved = permit.EffectiveDate ? Date.parse(permit.EffectiveDate) : Number.NaN;
  if (approved >= shift.start.getTime()) return { kind: 'off' };
  const requiredAt = new Date(shift.start.getTime() + pattern.Revalidation.GraceMinutes * 60_000);
  const done = (permit.History ?? []).some((e) => e.Action === REVALIDATE_ACTION && Date.parse(String(e.Details.ShiftStart)) === shift.start.getTime());
  if (done) return { kind: 'done', shift, requiredAt };
  return { kind: now.getTime() < requiredAt.getTime() ? 'due' : 'required', shift, requiredAt };
}
