import type { PermitHistoryEvent, RevalidatePermitBody, RevalidationResult } from '../../schemas';
import { REVALIDATE_ACTION, revalidationStatus } from '../../domain/handover/revalidation';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { conflict, forbidden } from '../http/errors';
import { permitContext } from '../permits/context';
import type { UserRecord } from '../users/users';
import { loadShiftPattern } from './settings';

/**
 * POST /handover/revalidate: an issuer of the incoming shift (permits.edit at the permit's
 * location) confirms an APPROVED permit may go on this shift. Kept as the permit's history event
 * (`permit.revalidate`, with the shift), which reaches every device with the permit; revalidating
 * again in the same shift records nothing more.
 */
export async function revalidatePermit(tx: Queryable, user: UserRecord, body: RevalidatePermitBody, now: Date): Promise<RevalidationResult> {
  const context = await permitContext(tx, user, body.PermitInstanceId);
  const { permit } = context;
  const reference = permit.PermitInstanceReferenceId;
  if (!context.actor.edit) throw forbidden(`You do not have permission to revalidate permit ${reference} at ${context.locationTitle}: it needs permits.edit there (an issuer of the area).`);
  const pattern = await loadShiftPattern(tx, permit.SiteId);
  if (!pattern.Revalidation?.Enabled) throw conflict(`Permits are not revalidated at shift change at this site: an administrator turns revalidation on in the site's shift settings.`);
  if (permit.State !== 'APPROVED') throw conflict(`Permit ${reference} is ${permit.State}: only APPROVED permits are revalidated at shift change.`);
  const [{ history } = { history: [] }] = await tx.query<{ history: PermitHistoryEvent[] }>('select history from permits where permit_instance_id = $1', [permit.PermitInstanceId]);
  const status = revalidationStatus({ ...permit, History: history }, pattern, now);
  if (status.kind === 'off') throw conflict(`Permit ${reference} was approved during this shift: it needs no revalidation until the next shift change.`);
  const Shift = { Name: status.shift.name, Start: status.shift.start.toISOString(), End: status.shift.end.toISOString() };
  if (status.kind === 'done') return { PermitInstanceId: permit.PermitInstanceId, Shift, Recorded: false };
  await audit(tx, user, REVALIDATE_ACTION, { type: 'permit', id: permit.PermitInstanceId }, {
    PermitInstanceId: permit.PermitInstanceId, Shift: Shift.Name, ShiftStart: Shift.Start, ShiftEnd: Shift.End, late: status.kind === 'required',
  });
  return { PermitInstanceId: permit.PermitInstanceId, Shift, Recorded: true };
}
