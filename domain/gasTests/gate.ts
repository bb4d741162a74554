import type { GasRules } from './limits';
import { everyPointPasses, inForce, readingPasses, type ReadingFacts } from './readings';

const MINUTE = 60_000;
/** A device's clock a little ahead of the server's still counts as now. */
const CLOCK_SKEW_MS = 5 * MINUTE;

/**
 * The approval gate: a permit whose type needs gas tests is approved only on a passing reading
 * taken within the last `gateMinutes`, with no sample point's last reading failing. Null when
 * approval may go on, else the sentence that says what to do.
 */
export function approvalGateRefusal(permit: { PermitInstanceReferenceId: string }, readings: readonly ReadingFacts[], rules: GasRules, now: Date): string | null {
  if (!rules.required) return null;
  const from = now.getTime() - rules.gateMinutes * MINUTE;
  const recent = inForce(readings).filter((r) => {
    const at = Date.parse(r.TakenAt);
    return at >= from && at <= now.getTime() + CLOCK_SKEW_MS && readingPasses(r, rules);
  });
  const ref = permit.PermitInstanceReferenceId;
  if (!recent.length) {
    return `Permit ${ref} cannot be approved: it needs a passing gas test taken within the last ${rules.gateMinutes} minutes. Test the atmosphere and record the reading first.`;
  }
  if (!everyPointPasses(readings, rules)) return `Permit ${ref} cannot be approved: a sample point's last gas test is out of its limits. Retest there until it passes.`;
  return null;
}
