import type { AddGasReadingBody } from '../../schemas';
import { replayedTime } from '../audit/record';
import type { Queryable } from '../db/database';
import { addReading } from '../gasTests/readings';
import { findUserByEmail, type UserRecord } from '../users/users';

type Values = Pick<AddGasReadingBody, 'O2' | 'LEL' | 'H2S' | 'CO'>;

const CLEAN: Values = { O2: 20.9, LEL: 0, H2S: 0, CO: 1 };
const INSTRUMENT = { InstrumentId: 'MSA Altair 4XR #A-102' };

/** A reading as the site's gas tester takes it, at `at`, with the instrument bump-tested that morning. */
async function take(tx: Queryable, user: UserRecord, PermitInstanceId: string, ReadingId: string, SamplePoint: string, values: Values, at: Date) {
  const body: AddGasReadingBody = {
    ReadingId, PermitInstanceId, TakenAt: at.toISOString(), BumpTestDate: at.toISOString().slice(0, 10), SamplePoint, ...INSTRUMENT, ...values, Extra: [],
  };
  await replayedTime.run(at, () => addReading(tx, user, body, at));
}

/**
 * The pre-entry test a confined-space permit is approved on (the approval gate): the drum's
 * manway top, middle and bottom, clean. A step of the demo permits, before their last approval.
 */
export async function demoPreEntryTest(tx: Queryable, user: UserRecord, permitId: string, at: Date): Promise<void> {
  const points: [string, Values][] = [['Manway top', { ...CLEAN, O2: 20.8 }], ['Middle', { ...CLEAN, O2: 20.9 }], ['Bottom', { ...CLEAN, O2: 21, CO: 2 }]];
  for (const [i, [point, values]] of points.entries()) {
    await take(tx, user, permitId, `${permitId}-gas-pre-${i + 1}`, point, values, new Date(at.getTime() - (3 - i) * 60_000));
  }
}

/**
 * Readings of the live work, after the demo permits are made: the hot work on the relief valve
 * monitored at the spool, clean; the separator entry stopped by flammables rising at the bottom
 * (LEL 14 %, suspended until it is ventilated, retested and an issuer resumes it).
 */
export async function seedDemoGasTests(tx: Queryable, now: Date): Promise<void> {
  const tester = (await findUserByEmail(tx, 'issuer@demo.test'))!;
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  await take(tx, tester, 'demo-hw-approved', 'demo-hw-approved-gas-1', 'Relief-valve spool, at the cut', CLEAN, ago(150));
  await take(tx, tester, 'demo-hw-approved', 'demo-hw-approved-gas-2', 'Relief-valve spool, at the cut', { ...CLEAN, LEL: 0.5 }, ago(40));
  await take(tx, tester, 'demo-cs-approved', 'demo-cs-approved-gas-1', 'Manway top', { ...CLEAN, O2: 20.7 }, ago(35));
  await take(tx, tester, 'demo-cs-approved', 'demo-cs-approved-gas-2', 'Bottom', { O2: 20.4, LEL: 14, H2S: 2, CO: 6 }, ago(18));
}
