import type { AddGasReadingBody, GasReading, GasReadingResult, GasSuspension } from '../../schemas';
import { correctionSuspension, readingSuspension } from '../../domain/gasTests/suspension';
import { judge, outOfLimit } from '../../domain/gasTests/verdict';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, conflict, forbidden } from '../http/errors';
import { permitContext } from '../permits/context';
import type { UserRecord } from '../users/users';
import { gasStamp, insertSuspension, loadGasTests, suspensionInForce, touchGasTests } from './records';
import { permitRules, readingsOf } from './rules';

/** A device's clock a few minutes ahead still reads as now; further ahead, the reading's time cannot be trusted. */
const AHEAD_MS = 5 * 60_000;

function checkedTime(body: AddGasReadingBody, now: Date): Date {
  const taken = new Date(body.TakenAt);
  if (Number.isNaN(taken.getTime())) throw badRequest(`TakenAt ${body.TakenAt} is not a time: send when the reading was taken as an ISO 8601 time.`);
  if (taken.getTime() > now.getTime() + AHEAD_MS) throw badRequest(`The reading was taken at ${body.TakenAt}, later than now on the server: check the device's clock and send it again.`);
  if (Number.isNaN(Date.parse(body.BumpTestDate))) throw badRequest(`BumpTestDate ${body.BumpTestDate} is not a date: give the instrument's last bump test as YYYY-MM-DD.`);
  if (body.BumpTestDate > body.TakenAt.slice(0, 10)) throw badRequest(`The instrument's bump test (${body.BumpTestDate}) is dated after the reading (${body.TakenAt.slice(0, 10)}): check the date on the instrument.`);
  return taken;
}

function checkedExtra(body: AddGasReadingBody) {
  const extra = body.Extra ?? [];
  const gases = new Set<string>();
  for (const e of extra) {
    if (['O2', 'LEL', 'H2S', 'CO'].includes(e.Gas) || gases.has(e.Gas)) throw badRequest(`${e.Gas} is given twice in the reading: give each gas one value.`);
    gases.add(e.Gas);
  }
  return extra;
}

/**
 * POST /gastests/reading: a reading appended to the permit's gas tests, under the client's id, so
 * a resend of it is answered with the reading recorded the first time. A reading out of limits on
 * an APPROVED permit suspends its work in the same transaction. Readings are taken on any permit
 * (before approval for the gate; one taken offline may arrive after the permit closed): a record of
 * what was measured is kept, whatever happened since.
 */
export async function addReading(tx: Queryable, user: UserRecord, body: AddGasReadingBody, now: Date): Promise<{ created: boolean; result: GasReadingResult }> {
  const { permit, actor, locationTitle } = await permitContext(tx, user, body.PermitInstanceId);
  if (!actor.edit) throw forbidden(`You do not have permission to record gas tests at ${locationTitle}: it needs permits.edit there.`);
  const [taken] = await tx.query<{ permit_instance_id: string; tester: number | null }>(
    `select permit_instance_id, (reading -> 'Tester' ->> 'PersonnelId')::int as tester from gas_readings where reading_id = $1`, [body.ReadingId]);
  if (taken) {
    if (taken.permit_instance_id !== permit.PermitInstanceId || taken.tester !== user.personnel_id) {
      throw conflict(`A gas reading with id ${body.ReadingId} exists already. Record the reading with a new id.`);
    }
    const reading = (await readingsOf(tx, permit.PermitInstanceId)).find((r) => r.ReadingId === body.ReadingId)!;
    const suspension = (await loadGasTests(tx, permit)).Suspensions.find((s) => s.ReadingId === body.ReadingId) ?? null;
    return { created: false, result: { Reading: reading, Suspension: suspension } };
  }
  const takenAt = checkedTime(body, now);
  const Extra = checkedExtra(body);
  if (body.CorrectionReason !== undefined && body.Corrects === undefined) throw badRequest('A correction reason is given without the reading it corrects: name that reading in Corrects, or leave the reason out.');
  if (body.Corrects !== undefined) {
    if (body.CorrectionReason === undefined) throw badRequest(`Say why reading ${body.Corrects} is corrected: a correction needs its reason.`);
    const [corrected] = await tx.query('select 1 from gas_readings where reading_id = $1 and permit_instance_id = $2', [body.Corrects, permit.PermitInstanceId]);
    if (!corrected) throw badRequest(`Permit ${permit.PermitInstanceReferenceId} has no gas reading ${body.Corrects} to correct.`);
  }
  const { rules, settings } = await permitRules(tx, permit);
  const measurement = { O2: body.O2, LEL: body.LEL, H2S: body.H2S, CO: body.CO, Extra };
  const reading: Omit<GasReading, 'ReadingId' | 'PermitInstanceId' | 'TakenAt' | 'ReceivedAt'> = {
    Tester: gasStamp(user, now), InstrumentId: body.InstrumentId.trim(), BumpTestDate: body.BumpTestDate, SamplePoint: body.SamplePoint.trim(),
    ...measurement, Corrects: body.Corrects ?? null, CorrectionReason: body.CorrectionReason?.trim() ?? null,
  };
  await touchGasTests(tx, permit);
  await tx.query('insert into gas_readings (reading_id, permit_instance_id, taken_at, received_at, reading) values ($1, $2, $3, $4, $5)', [
    body.ReadingId, permit.PermitInstanceId, takenAt.toISOString(), now.toISOString(), JSON.stringify(reading),
  ]);
  const verdicts = judge(measurement, rules.limits);
  await audit(tx, user, 'gas.reading', { type: 'permit', id: permit.PermitInstanceId }, {
    PermitInstanceId: permit.PermitInstanceId, ReadingId: body.ReadingId, SamplePoint: reading.SamplePoint, TakenAt: body.TakenAt,
    values: Object.fromEntries(verdicts.map((v) => [v.Gas, v.Value])), outOfLimit: outOfLimit(verdicts).map((v) => v.Words),
    ...(body.Corrects && { Corrects: body.Corrects, CorrectionReason: reading.CorrectionReason }),
  });
  let suspension: GasSuspension | null = null;
  const inForce = await suspensionInForce(tx, permit.PermitInstanceId);
  const facts = { ...permit, suspendedAt: inForce?.at ?? null };
  const own = readingSuspension(facts, { ...measurement, TakenAt: body.TakenAt }, rules, settings.TimeZone);
  // A correction may bring a failing reading back into force: the work stops on that one.
  const stop = own ? { reason: own, readingId: body.ReadingId } : body.Corrects ? correctionSuspension(facts, await readingsOf(tx, permit.PermitInstanceId), rules, settings.TimeZone) : null;
  if (stop) {
    const { reason, readingId } = stop;
    const by = gasStamp(user, now);
    await insertSuspension(tx, permit, { cause: 'reading', reason, by, readingId }, now);
    await audit(tx, user, 'gas.suspend', { type: 'permit', id: permit.PermitInstanceId }, { PermitInstanceId: permit.PermitInstanceId, cause: 'reading', reason, ReadingId: readingId });
    suspension = (await loadGasTests(tx, permit)).Suspensions.at(-1)!;
  }
  const saved = (await readingsOf(tx, permit.PermitInstanceId)).find((r) => r.ReadingId === body.ReadingId)!;
  return { created: true, result: { Reading: saved, Suspension: suspension } };
}
