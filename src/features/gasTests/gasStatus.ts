/**
 * What a permit's page and card say about its gas tests, worked out on the device from the
 * replica and the clock — offline too — with the rules the server applies (domain/gasTests).
 */
import { approvalGateRefusal } from '../../../domain/gasTests/gate';
import { rulesFor, type GasRules } from '../../../domain/gasTests/limits';
import { isOverdue, retest, retestWords } from '../../../domain/gasTests/retest';
import { overdueSuspension, type SuspendableFacts } from '../../../domain/gasTests/suspension';
import type { GasSettings, GasSuspension, Permit, PermitGasTests, PermitState } from '../../../schemas';

export type GasPermit = Pick<Permit, 'PermitInstanceReferenceId' | 'State' | 'permitTypes'>;

export interface GasStatus {
  rules: GasRules;
  timeZone: string;
  /** The suspension in force, as recorded (by the server, or by this device's queued change); null when none is. */
  suspension: GasSuspension | null;
  /** Why the work is stopped, as the banner says after "Work suspended: "; null when it goes on. */
  stopped: string | null;
  /** "Gas test due at 01:30", "Gas test overdue by 12 min"; null when no retest applies. */
  retest: string | null;
  /** When the next test is due; null when no retest applies. */
  dueAt: Date | null;
  overdue: boolean;
  /** Before approval, why the approval gate would refuse now; null when it would not, or after. */
  gate: string | null;
}

const BEFORE_APPROVAL: readonly string[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING'];

/** The facts the suspension rules read: the suspension in force began when it was recorded. */
export const suspendable = (permit: GasPermit, suspension: GasSuspension | null): SuspendableFacts => ({
  PermitInstanceReferenceId: permit.PermitInstanceReferenceId,
  State: permit.State as PermitState,
  suspendedAt: suspension?.SuspendedBy.At ?? null,
});

/**
 * Only open APPROVED work is stopped or retested. A retest that became overdue stops the work
 * here at once, as the server's sweep will within a minute: a tablet offline in the drum must not
 * show the work as going on. As on the server, a permit with no reading recorded in the app is not
 * stopped for the lack of one.
 */
export function gasStatus(permit: GasPermit, tests: PermitGasTests | null, settings: GasSettings, now: Date): GasStatus {
  const rules = rulesFor(settings, permit.permitTypes.map((t) => t.Name));
  const timeZone = settings.TimeZone;
  const readings = tests?.Readings ?? [];
  const approved = permit.State === 'APPROVED';
  const suspension = approved ? (tests?.Suspensions.find((s) => s.ResumedBy === null) ?? null) : null;
  const due = approved && rules.required && readings.length > 0 ? retest(readings, rules, now) : null;
  const overdue = due !== null && isOverdue(due, now);
  const clockStop = !suspension && readings.length > 0 ? overdueSuspension(suspendable(permit, null), readings, rules, now, timeZone) : null;
  return {
    rules,
    timeZone,
    suspension,
    stopped: suspension?.Reason ?? clockStop,
    retest: due && retestWords(due, now, timeZone),
    dueAt: due?.kind === 'due' ? due.dueAt : null,
    overdue,
    gate: BEFORE_APPROVAL.includes(permit.State) ? approvalGateRefusal(permit, readings, rules, now) : null,
  };
}
