/**
 * The handover's changes on the device, each one outbox entry (DESIGN.md §4.2): the request of the
 * handover API plus the effect the page shows until the server's copy is pulled. The signature is
 * judged on the device first with the server's rules, so a refusal is told at once, offline too;
 * the server judges again and has the last word (its refusal lands in Not synced).
 */
import { newId, appendToOutbox } from '../../../replication/outbox';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { Handover, HandoverItemNote, HandoverPage, HandoverStamp } from '../../../schemas';

export interface HandoverWriter {
  db: ReplicaDatabase;
  owner: string;
  personnelId: number;
  name: string;
  now?: () => Date;
}

/** Null when the change is queued, else the refusal to show. */
export type WriteResult = string | null;

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
