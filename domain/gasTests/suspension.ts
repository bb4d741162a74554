import type { GasMeasurement, PermitState } from '../../schemas';
import type { GasRules } from './limits';
import { everyPointPasses, latestByPoint, readingPasses, type ReadingFacts } from './readings';
import { clockTime, isOverdue, retest } from './retest';
import { judge, limitWords, outOfLimit } from './verdict';

/** What the suspension rules read of a permit. */
export interface SuspendableFacts {
  PermitInstanceReferenceId: string;
  State: PermitState;
  /** When the suspension in force began (server time); null when the work is not suspended. */
  suspendedAt: string | null;
}

/** Only live work is stopped: a permit not yet approved is held by the approval gate instead, a closed one has no work to stop. */
const live = (permit: SuspendableFacts) => permit.State === 'APPROVED' && permit.suspendedAt === null;

/**
 * Why a reading stops the work, in the words of the red banner ("LEL 14 % at 10:42 (limit below
 * 10 %)"), or null when it does not: any gas out of its limit on an APPROVED permit not already
 * suspended. A gas not measured does not stop work; it only keeps the reading from passing.
 */
export function readingSuspension(permit: SuspendableFacts, reading: GasMeasurement & Pick<ReadingFacts, 'TakenAt'>, rules: Pick<GasRules, 'limits'>, timeZone: string): string | null {
  if (!live(permit)) return null;
  const out = outOfLimit(judge(reading, rules.limits));
  if (!out.length) return null;
  const at = clockTime(new Date(reading.TakenAt), timeZone);
  return out.map((v) => `${v.Gas} ${v.Value} ${v.Limit.Unit} at ${at} (limit ${limitWords(v.Limit)})`).join('; ');
}

/**
 * Why a correction stops the work, and the failing reading it brings back into force, or null. A
 * correction takes the reading it corrects out of force: when that was a sample point's passing
 * last reading (a reading said to be taken at the bottom that was entered as the top's), the
 * point's last reading in force may be a failing one again, and the work stops as that reading
 * stopped it. `readings` are the permit's readings with the correction among them.
 */
export function correctionSuspension(permit: SuspendableFacts, readings: readonly (ReadingFacts & GasMeasurement)[], rules: Pick<GasRules, 'limits'>, timeZone: string): { reason: string; readingId: string } | null {
  for (const r of latestByPoint(readings)) {
    const reason = readingSuspension(permit, r, rules, timeZone);
    if (reason) return { reason, readingId: r.ReadingId };
  }
  return null;
}

/** Why an overdue retest stops the work, or null: only for a type that needs gas tests, on an APPROVED permit not already suspended. */
export function overdueSuspension(permit: SuspendableFacts, readings: readonly ReadingFacts[], rules: GasRules, now: Date, timeZone: string): string | null {
  if (!live(permit) || !rules.required) return null;
  const r = retest(readings, rules, now);
  if (r.kind === 'none') return 'No passing gas test is recorded for work that needs gas tests';
  if (!isOverdue(r, now)) return null;
  return `Gas test overdue: the retest was due at ${clockTime(r.dueAt, timeZone)}`;
}

/** Who resumes: permits.edit at the permit's location, and an issuer — a member of one of the permit's approval groups. */
export interface ResumeActor {
  edit: boolean;
  issuer: boolean;
  locationTitle: string;
}

export type ResumeDecision = { ok: true; readingId: string } | { ok: false; status: 403 | 409; reason: string };

/**
 * Work resumes only on two steps: a passing reading taken after the work stopped (and every sample
 * point's last reading passing), then an issuer's Resume work with a comment (the comment is
 * checked by the schema). The reading alone never restarts work: someone accountable looks first.
 */
export function decideResume(permit: SuspendableFacts, readings: readonly ReadingFacts[], rules: GasRules, actor: ResumeActor): ResumeDecision {
  const ref = permit.PermitInstanceReferenceId;
  if (!actor.edit) return { ok: false, status: 403, reason: `You do not have permission to resume work at ${actor.locationTitle}: it needs permits.edit there.` };
  if (!actor.issuer) return { ok: false, status: 403, reason: `Only an issuer of permit ${ref} — a member of one of its approval groups — can resume its work.` };
  if (permit.State !== 'APPROVED') return { ok: false, status: 409, reason: `Permit ${ref} is ${permit.State}: only the work of an APPROVED permit is resumed.` };
  if (permit.suspendedAt === null) return { ok: false, status: 409, reason: `The work of permit ${ref} is not suspended: there is nothing to resume.` };
  const since = Date.parse(permit.suspendedAt);
  const after = readings.filter((r) => Date.parse(r.TakenAt) > since && readingPasses(r, rules));
  if (!after.length) return { ok: false, status: 409, reason: `Take a gas test that passes before resuming the work of permit ${ref}: no passing reading was taken since the work was suspended.` };
  if (!everyPointPasses(readings, rules)) return { ok: false, status: 409, reason: `A sample point's last reading on permit ${ref} is still out of its limits: retest there until it passes, then resume.` };
  return { ok: true, readingId: after.at(-1)!.ReadingId };
}
