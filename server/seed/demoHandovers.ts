import { previousShift, shiftAt, type Shift } from '../../domain/handover/shifts';
import { replayedTime } from '../audit/record';
import type { Queryable } from '../db/database';
import { areaPageNow } from '../handover/areaPage';
import { acknowledgeHandover, submitHandover } from '../handover/handovers';
import { loadShiftPattern } from '../handover/settings';
import { findUserByEmail } from '../users/users';

const AREA = 110;
const MINUTE = 60_000;

/**
 * The Crude Unit's last two shift changes, after the demo permits are made: the one before last
 * handed over by Alex Morgan and signed for by Priya Raman; the last one handed over by Priya and
 * waiting for the incoming person's signature, so a new user sees both, and the area's warning
 * once 30 minutes of the shift have passed.
 */
export async function seedDemoHandovers(tx: Queryable, now: Date): Promise<void> {
  const admin = (await findUserByEmail(tx, 'admin@demo.test'))!;
  const issuer = (await findUserByEmail(tx, 'issuer@demo.test'))!;
  const pattern = await loadShiftPattern(tx, 1);
  const last = previousShift(pattern, now);
  const beforeLast = previousShift(pattern, last.start);
  const hand = async (id: string, shift: Shift, by: typeof admin, notes: string, itemNote: (ids: string[]) => { ItemId: string; Note: string }[]) => {
    const at = new Date(shift.end.getTime() - 10 * MINUTE);
    const page = await areaPageNow(tx, AREA, shift, shiftAt(pattern, shift.end), at);
    const ids = page.OpenPermits.map((p) => `permit:${p.PermitInstanceId}`);
    await replayedTime.run(at, () => submitHandover(tx, by, { HandoverId: id, Page: page, GeneralNotes: notes, ItemNotes: itemNote(ids) }, at));
  };
  await hand('demo-handover-1', beforeLast, admin, 'Quiet shift. Crude heater burner deck scaffold inspected and tagged green.', () => []);
  const signedAt = new Date(beforeLast.end.getTime() + 8 * MINUTE);
  await replayedTime.run(signedAt, () => acknowledgeHandover(tx, issuer, { HandoverId: 'demo-handover-1', Comment: 'Walked the unit with Alex before signing.' }, signedAt));
  await hand('demo-handover-2', last, issuer,
    'Relief valve work on the crude heater continues on the next shift: keep the fire watch posted. Separator entry stopped on LEL at the bottom; ventilate and retest before resuming.',
    (ids) => ids.slice(0, 1).map((ItemId) => ({ ItemId, Note: 'Fire watch until 30 minutes after the last weld.' })));
}
