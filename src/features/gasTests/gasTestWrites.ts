/**
 * Every gas test change the screens make, each one outbox entry (DESIGN.md §4.2) with the effect
 * the screens show until the pull brings the server's version (gasTestOverlay.ts). Each is judged
 * first on the device by the domain's rules, so a reading out of limits stops the work on the
 * screen the moment it is saved, offline too; the server judges again and has the last word.
 */
import { correctionSuspension, decideResume, readingSuspension, type ResumeActor } from '../../../domain/gasTests/suspension';
import { appendToOutbox, newId, type ActingWriter, type WriteResult } from '../../../replication/outbox';
import type { AddGasReadingBody, GasReading, GasStamp, GasSuspension, OutboxEffect, PermitGasTests } from '../../../schemas';
import type { GasEffect } from './gasTestOverlay';
import { suspendable, type GasPermit, type GasStatus } from './gasStatus';

/** The signed-in user is the tester of a reading, who resumed or stopped the work. */
export type GasWriter = ActingWriter;

export type { WriteResult };

/** What the tester types; the device adds who, when and the reading's id. */
export type ReadingInput = Omit<AddGasReadingBody, 'ReadingId' | 'PermitInstanceId' | 'TakenAt' | 'Extra'> & { Extra: GasReading['Extra'] };

type PermitRef = GasPermit & { PermitInstanceId: string };

const stampOf = (w: GasWriter, at: Date): GasStamp => ({ PersonnelId: w.personnelId, Name: w.name, At: at.toISOString() });
const effect = (key: string, fields: GasEffect): OutboxEffect => ({ collection: 'gastests', key, kind: 'patch', fields });

const suspensionOf = (fields: Pick<GasSuspension, 'Cause' | 'Reason' | 'SuspendedBy'> & Partial<GasSuspension>): GasSuspension => ({
  SuspensionId: newId(), ReadingId: null, AreaLocationId: null, ResumedBy: null, ResumeComment: null, ResumeReadingId: null, ...fields,
});

/** The server's checks of a reading that need no database, told before it is queued. */
export function readingRefusal(input: ReadingInput, takenAt: Date): WriteResult {
  if (!input.InstrumentId.trim()) return 'Give the instrument’s id or serial number.';
  if (!input.SamplePoint.trim()) return 'Say where the sample was drawn (e.g. Manway top).';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.BumpTestDate) || Number.isNaN(Date.parse(input.BumpTestDate))) return 'Give the instrument’s last bump test date.';
  const day = takenAt.toISOString().slice(0, 10);
  if (input.BumpTestDate > day) return `The instrument's bump test (${input.BumpTestDate}) is dated after the reading (${day}): check the date on the instrument.`;
  const gases = new Set<string>(['O2', 'LEL', 'H2S', 'CO']);
  for (const e of input.Extra) {
    if (gases.has(e.Gas)) return `${e.Gas} is given twice in the reading: give each gas one value.`;
    gases.add(e.Gas);
  }
  if (input.Corrects && !input.CorrectionReason?.trim()) return `Say why reading ${input.Corrects} is corrected: a correction needs its reason.`;
  return null;
}

/**
 * A reading (or a correction: a new reading naming the one it corrects, with why), taken now by
 * the signed-in user. One out of limits on open APPROVED work — or a correction that leaves a
 * sample point's last reading in force out of limits, of the `readings` shown — shows the work
 * stopped at once, in the words the server will record.
 */
export async function recordReading(w: GasWriter, permit: PermitRef, status: GasStatus, input: ReadingInput, readings: readonly GasReading[] = []): Promise<WriteResult> {
  const now = w.now?.() ?? new Date();
  const refusal = readingRefusal(input, now);
  if (refusal) return refusal;
  const { Corrects, CorrectionReason, ...measured } = input;
  const correction = Corrects ? { Corrects, CorrectionReason: CorrectionReason!.trim() } : {};
  const body: AddGasReadingBody = {
    ...measured, ...correction, InstrumentId: input.InstrumentId.trim(), SamplePoint: input.SamplePoint.trim(),
    ReadingId: newId(), PermitInstanceId: permit.PermitInstanceId, TakenAt: now.toISOString(),
  };
  const reading: GasReading = {
    ...body, ReceivedAt: body.TakenAt, Tester: stampOf(w, now), Extra: input.Extra, Corrects: body.Corrects ?? null, CorrectionReason: body.CorrectionReason ?? null,
  };
  const effects = [effect(permit.PermitInstanceId, { Reading: reading })];
  const facts = suspendable(permit, status.suspension);
  const own = readingSuspension(facts, { ...body, Extra: input.Extra }, status.rules, status.timeZone);
  // A correction may bring a failing reading (of those the device shows) back into force: the work stops on it, as on the server.
  const stop = own ? { reason: own, readingId: body.ReadingId } : body.Corrects ? correctionSuspension(facts, [...readings, reading], status.rules, status.timeZone) : null;
  if (stop) effects.push(effect(permit.PermitInstanceId, { Suspension: suspensionOf({ Cause: 'reading', Reason: stop.reason, SuspendedBy: stampOf(w, now), ReadingId: stop.readingId }) }));
  const what = body.Corrects ? 'Correct a gas reading' : 'Record a gas reading';
  await appendToOutbox(w.db, w.owner, { method: 'POST', path: '/gastests/reading', body, label: `${what} at ${body.SamplePoint} on permit ${permit.PermitInstanceReferenceId}`, effects }, now.getTime());
  return null;
}

/** Why Resume work is refused now (the two steps, and who may), or null. */
export function resumeRefusal(permit: GasPermit, tests: PermitGasTests | null, status: GasStatus, actor: ResumeActor): WriteResult {
  const decision = decideResume(suspendable(permit, status.suspension), tests?.Readings ?? [], status.rules, actor);
  return decision.ok ? null : decision.reason;
}

/** The issuer's Resume work, with the comment that says why it is safe again. */
export async function resumeWork(w: GasWriter, permit: PermitRef, tests: PermitGasTests | null, status: GasStatus, actor: ResumeActor, comment: string): Promise<WriteResult> {
  const refusal = resumeRefusal(permit, tests, status, actor);
  if (refusal) return refusal;
  if (!comment.trim()) return 'Say why the work can go on again: resuming needs a comment.';
  const now = w.now?.() ?? new Date();
  await appendToOutbox(w.db, w.owner, {
    method: 'POST',
    path: '/gastests/resume',
    body: { PermitInstanceId: permit.PermitInstanceId, Comment: comment.trim() },
    label: `Resume work on permit ${permit.PermitInstanceReferenceId}`,
    effects: [effect(permit.PermitInstanceId, { Resume: { ResumedBy: stampOf(w, now), ResumeComment: comment.trim() } })],
  }, now.getTime());
  return null;
}

/** What an area stop reads of the permits the device holds there (the location and every one under it). */
export type AreaPermit = { PermitInstanceId: string; State: string; suspended: boolean };

/**
 * Suspend all work at a location and under it, with the reason (an alarm, a gas release, the
 * weather). The device shows its open APPROVED permits stopped at once; the server stops every
 * one there, including those this device does not hold.
 */
export async function suspendArea(w: GasWriter, area: { LocationId: number; Title: string; edit: boolean }, permits: readonly AreaPermit[], reason: string): Promise<WriteResult> {
  if (!area.edit) return `You do not have permission to suspend work at ${area.Title}: it needs permits.edit there.`;
  if (!reason.trim()) return 'Say why all work stops (an alarm, a gas release, the weather).';
  const now = w.now?.() ?? new Date();
  const stopped = permits.filter((p) => p.State === 'APPROVED' && !p.suspended);
  const suspension = (key: string) =>
    effect(key, { Suspension: suspensionOf({ Cause: 'area', Reason: reason.trim(), SuspendedBy: stampOf(w, now), AreaLocationId: area.LocationId }) });
  await appendToOutbox(w.db, w.owner, {
    method: 'POST',
    path: '/gastests/suspendarea',
    body: { LocationId: area.LocationId, Reason: reason.trim() },
    label: `Suspend all work at ${area.Title}`,
    effects: stopped.map((p) => suspension(p.PermitInstanceId)),
  }, now.getTime());
  return null;
}
