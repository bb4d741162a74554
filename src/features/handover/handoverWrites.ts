/**
 * The handover's changes on the device, each one outbox entry (DESIGN.md §4.2): the request of the
 * handover API plus the effect the page shows until the server's copy is pulled. The signature is
 * judged on the device first with the server's rules, so a refusal is told at once, offline too;
 * the server judges again and has the last word (its refusal lands in Not synced).
 */
import { newId, appendToOutbox, type ActingWriter, type WriteResult } from '../../../replication/outbox';
import { REVALIDATE_ACTION, revalidationStatus } from '../../../domain/handover/revalidation';
import type { Handover, HandoverItemNote, HandoverPage, HandoverStamp, PermitHistoryEvent, ReplicatedPermit, ShiftPattern } from '../../../schemas';

export interface HandoverWriter extends ActingWriter {
  /** As the server's history names the actor: an external user is a contractor. */
  actorKind?: PermitHistoryEvent['ActorKind'];
}

export type { WriteResult };

const stampOf = (w: HandoverWriter): HandoverStamp => {
  const at = (w.now?.() ?? new Date()).toISOString();
  return { PersonnelId: w.personnelId, Name: w.name, At: at, DeviceAt: at };
};

const shiftWords = (h: Pick<Handover, 'Shift' | 'Page'>) => `the ${h.Shift.Name} shift at ${h.Page.LocationTitle}`;

/** The page as it reads now with the notes written on it: empty notes are left out, not sent. */
export async function submitHandover(w: HandoverWriter, page: HandoverPage, siteId: number, generalNotes: string, itemNotes: Readonly<Record<string, string>>): Promise<string> {
  const HandoverId = newId();
  const ItemNotes: HandoverItemNote[] = Object.entries(itemNotes).flatMap(([ItemId, note]) => (note.trim() ? [{ ItemId, Note: note.trim() }] : []));
  const GeneralNotes = generalNotes.trim();
  const stamp = stampOf(w);
  const handover: Handover = {
    HandoverId, SiteId: siteId, LocationId: page.LocationId, Shift: page.Shift, Page: page, GeneralNotes, ItemNotes,
    SubmittedBy: stamp, Addenda: [], Acknowledgement: null, DateChanged: stamp.At,
  };
  await appendToOutbox(w.db, w.owner, {
    method: 'POST',
    path: '/handover',
    body: { HandoverId, Page: page, GeneralNotes, ItemNotes },
    label: `Hand over ${shiftWords(handover)}`,
    effects: [{ collection: 'handovers', key: HandoverId, kind: 'create', fields: handover }],
  });
  return HandoverId;
}

/** Why this person may not sign for a handover now, as the server would say it; null when they may. */
export function acknowledgeRefusal(handover: Pick<Handover, 'Shift' | 'Page' | 'SubmittedBy' | 'Acknowledgement'>, personnelId: number, edit: boolean): WriteResult {
  if (!edit) return `You do not have permission to take over ${handover.Page.LocationTitle}: acknowledging a handover needs permits.edit there (an issuer of the area).`;
  const signed = handover.Acknowledgement;
  if (signed) return `The handover of ${shiftWords(handover)} was acknowledged by ${signed.By.Name} at ${signed.By.At}: a handover is signed for once.`;
  if (handover.SubmittedBy.PersonnelId === personnelId) return `You handed over ${shiftWords(handover)}: the incoming person acknowledges it, not the one who submitted it.`;
  return null;
}

/** The incoming person signs for the handover: shown signed at once, with their name and the device's time. */
export async function acknowledgeHandover(w: HandoverWriter, handover: Handover, edit: boolean, comment = ''): Promise<WriteResult> {
  const refusal = acknowledgeRefusal(handover, w.personnelId, edit);
  if (refusal) return refusal;
  const Comment = comment.trim();
  await appendToOutbox(w.db, w.owner, {
    method: 'POST',
    path: '/handover/acknowledge',
    body: { HandoverId: handover.HandoverId, ...(Comment && { Comment }) },
    label: `Acknowledge the handover of ${shiftWords(handover)}`,
    effects: [{ collection: 'handovers', key: handover.HandoverId, kind: 'patch', fields: { Acknowledgement: { By: stampOf(w), Comment } } }],
  });
  return null;
}

/** A correction or addition by an issuer of the area: the handover stays as submitted, the addendum is shown under it at once. */
export async function addAddendum(w: HandoverWriter, handover: Handover, edit: boolean, text: string): Promise<WriteResult> {
  if (!edit) return `You do not have permission to add to the handovers of ${handover.Page.LocationTitle}: it needs permits.edit there (an issuer of the area).`;
  const Text = text.trim();
  if (!Text) return 'Write the addendum first.';
  const AddendumId = newId();
  await appendToOutbox(w.db, w.owner, {
    method: 'POST',
    path: '/handover/addendum',
    body: { HandoverId: handover.HandoverId, AddendumId, Text },
    label: `Add to the handover of ${shiftWords(handover)}`,
    effects: [{ collection: 'handovers', key: handover.HandoverId, kind: 'patch', fields: { Addenda: [...handover.Addenda, { AddendumId, Text, By: stampOf(w) }] } }],
  });
  return null;
}

const revalidationWords = (permit: Pick<ReplicatedPermit, 'PermitInstanceReferenceId'>) => `Revalidate permit ${permit.PermitInstanceReferenceId} for the incoming shift`;

/**
 * Revalidates each APPROVED permit the domain finds due or required now, one request a permit
 * (POST /handover/revalidate); each is shown revalidated at once through its history, as the
 * server keeps it. A single permit that needs none, or that the user may not revalidate, is refused.
 */
export async function revalidatePermits(w: HandoverWriter, permits: readonly ReplicatedPermit[], pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone' | 'Revalidation'>, editAt: (locationId: number) => boolean): Promise<WriteResult> {
  const now = w.now?.() ?? new Date();
  let queued = 0;
  for (const permit of permits) {
    const reference = permit.PermitInstanceReferenceId;
    if (!editAt(permit.LocationId)) {
      if (permits.length === 1) return `You do not have permission to revalidate permit ${reference}: it needs permits.edit at its location (an issuer of the area).`;
      continue;
    }
    const status = revalidationStatus(permit, pattern, now);
    if (status.kind === 'off' || status.kind === 'done') {
      if (permits.length === 1) return status.kind === 'done' ? `Permit ${reference} is revalidated for this shift already.` : `Permit ${reference} needs no revalidation at this shift change.`;
      continue;
    }
    const Details = { PermitInstanceId: permit.PermitInstanceId, Shift: status.shift.name, ShiftStart: status.shift.start.toISOString(), ShiftEnd: status.shift.end.toISOString(), late: status.kind === 'required' };
    const event: PermitHistoryEvent = {
      At: now.toISOString(), DeviceAt: now.toISOString(), ActorId: w.personnelId, ActorName: w.name, ActorKind: w.actorKind ?? 'employee', Action: REVALIDATE_ACTION, Details,
    };
    await appendToOutbox(w.db, w.owner, {
      method: 'POST',
      path: '/handover/revalidate',
      body: { PermitInstanceId: permit.PermitInstanceId },
      label: revalidationWords(permit),
      effects: [{ collection: 'permits', key: permit.PermitInstanceId, kind: 'patch', fields: { History: [...(permit.History ?? []), event] } }],
    });
    queued += 1;
  }
  return queued ? null : 'No permit listed needs revalidation now.';
}
