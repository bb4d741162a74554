import type { AcknowledgeHandoverBody, Handover, HandoverAddendumBody, HandoverHistory, HandoverHistoryQuery, Location, SubmitHandoverBody } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import { itemIds } from '../../domain/handover/page';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { granteeOf, type UserRecord } from '../users/users';
import { deviceTime, HANDOVER_COLUMNS, HANDOVER_FROM, loadHandover, noHandover, personOf, presentHandover, touchHandover, type HandoverRow } from './records';

const HOUR = 3_600_000;

/** Who may do what with an area's handovers (SPEC §6): those who view its permits read them; its issuers (permits.edit) hand over, sign and correct. */
async function standing(tx: Queryable, user: UserRecord, locationId: number) {
  const tree = await loadLocationTree(tx);
  const location = tree.byId.get(locationId);
  const abilities = abilitiesAt(granteeOf(user), tree, locationId);
  return { location, view: !!location && abilities.permits.view, edit: !!location && abilities.permits.edit };
}

/** A handover the user may read; one out of sight reads as one that does not exist. */
async function visibleHandover(tx: Queryable, user: UserRecord, id: string, lock: boolean) {
  const handover = await loadHandover(tx, id, lock);
  const here = await standing(tx, user, handover.LocationId);
  if (!here.view) throw noHandover(id);
  return { handover, title: here.location!.Title, edit: here.edit };
}

const shiftWords = (h: Pick<Handover, 'Shift' | 'Page'>) => `the ${h.Shift.Name} shift at ${h.Page.LocationTitle}`;

/** GET /handover: one handover with its addenda and acknowledgement. */
export async function readHandover(tx: Queryable, user: UserRecord, id: string): Promise<Handover> {
  return (await visibleHandover(tx, user, id, false)).handover;
}

/**
 * GET /handover/history: the handovers of an area (those handed over for that location), newest
 * shift first, for those who view it: the device holds 15 days, this reaches further back.
 */
export async function handoverHistory(tx: Queryable, user: UserRecord, query: HandoverHistoryQuery): Promise<HandoverHistory> {
  const here = await standing(tx, user, query.LocationId);
  if (!here.view) throw notFound(`There is no location ${query.LocationId}.`);
  if (query.Before !== undefined && !Number.isFinite(Date.parse(query.Before))) throw badRequest(`Before must be a time (ISO 8601, e.g. 2026-01-15T12:00:00Z): ${query.Before} is not one.`);
  const limit = query.Limit ?? 20;
  const rows = await tx.query<HandoverRow>(
    `select ${HANDOVER_COLUMNS} from ${HANDOVER_FROM}
      where h.location_id = $1 and not h.deleted and ($2::timestamptz is null or h.shift_end < $2::timestamptz)
      order by h.shift_end desc, h.handover_id desc limit $3`,
    [query.LocationId, query.Before ?? null, limit + 1],
  );
  return { Handovers: rows.slice(0, limit).map(presentHandover), More: rows.length > limit };
}

/** What a submission must hold: a real span of shift, notes only on items of its page, one note per item. */
function submissionProblem(body: SubmitHandoverBody): string | null {
  const start = Date.parse(body.Page.Shift.Start);
  const end = Date.parse(body.Page.Shift.End);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'The shift’s start and end must be times (ISO 8601, e.g. 2026-01-15T12:00:00Z).';
  if (end <= start || end - start > 25 * HOUR) return `The ${body.Page.Shift.Name} shift must end after it starts and last at most a day: it runs ${body.Page.Shift.Start} to ${body.Page.Shift.End}.`;
  const items = new Set(itemIds(body.Page));
  const noted = new Set<string>();
  for (const note of body.ItemNotes) {
    if (!items.has(note.ItemId)) return `The note “${note.Note.slice(0, 40)}” is on ${note.ItemId}, which is not on the handover page: put it in the general notes.`;
    if (noted.has(note.ItemId)) return `${note.ItemId} has two notes: write them as one.`;
    noted.add(note.ItemId);
  }
  return null;
}

/**
 * POST /handover: the outgoing person hands over an area for a shift: the page as they saw it and
 * their notes, kept as submitted. A resend of the same request (the outbox's) finds it made.
 */
export async function submitHandover(tx: Queryable, user: UserRecord, body: SubmitHandoverBody, now: Date): Promise<{ created: boolean; handover: Handover }> {
  const [taken] = await tx.query<{ by: number }>(
    `select (r.submitted_by ->> 'PersonnelId')::int as by from handover_records r where r.handover_id = $1`, [body.HandoverId],
  );
  if (taken) {
    if (taken.by !== user.personnel_id) throw conflict(`A handover with id ${body.HandoverId} exists already. Submit the handover under a new id.`);
    return { created: false, handover: await loadHandover(tx, body.HandoverId, false) };
  }
  const here = await standing(tx, user, body.Page.LocationId);
  if (!here.view) throw notFound(`There is no location ${body.Page.LocationId}.`);
  const location = here.location as Location;
  if (!here.edit) throw forbidden(`You do not have permission to hand over ${location.Title}: it needs permits.edit there (an issuer of the area).`);
  const problem = submissionProblem(body);
  if (problem) throw badRequest(problem);
  const page = { ...body.Page, LocationTitle: location.Title };
  const shift = page.Shift;
  await tx.query('insert into handovers (handover_id, site_id, location_id, shift_end) values ($1, $2, $3, $4)', [body.HandoverId, location.SiteId, location.LocationId, shift.End]);
  await tx.query(
    `insert into handover_records (handover_id, shift_name, shift_start, shift_end, page, general_notes, item_notes, submitted_by, submitted_at, device_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [body.HandoverId, shift.Name, shift.Start, shift.End, JSON.stringify(page), body.GeneralNotes.trim(), JSON.stringify(body.ItemNotes.map((n) => ({ ...n, Note: n.Note.trim() }))),
      JSON.stringify(personOf(user)), now.toISOString(), deviceTime()],
  );
  await audit(tx, user, 'handover.submit', { type: 'handover', id: body.HandoverId, locationId: location.LocationId }, {
    HandoverId: body.HandoverId, shift: shift.Name, start: shift.Start, end: shift.End,
    openPermits: page.OpenPermits.length, awaitingApproval: page.AwaitingApproval.length, notes: body.ItemNotes.length,
  });
  return { created: true, handover: await loadHandover(tx, body.HandoverId, false) };
}

/** POST /handover/addendum: a correction or addition by an issuer of the area; the handover itself stays as submitted. */
export async function addAddendum(tx: Queryable, user: UserRecord, body: HandoverAddendumBody, now: Date): Promise<Handover> {
  const { handover, title, edit } = await visibleHandover(tx, user, body.HandoverId, true);
  const [taken] = await tx.query<{ handover_id: string; by: number }>(
    `select handover_id, (added_by ->> 'PersonnelId')::int as by from handover_addenda where addendum_id = $1`, [body.AddendumId],
  );
  if (taken) {
    if (taken.handover_id === handover.HandoverId && taken.by === user.personnel_id) return handover;
    throw conflict(`An addendum with id ${body.AddendumId} exists already. Add the addendum under a new id.`);
  }
  if (!edit) throw forbidden(`You do not have permission to add to the handovers of ${title}: it needs permits.edit there (an issuer of the area).`);
  await tx.query('insert into handover_addenda (addendum_id, handover_id, text, added_by, added_at, device_at) values ($1, $2, $3, $4, $5, $6)', [
    body.AddendumId, handover.HandoverId, body.Text.trim(), JSON.stringify(personOf(user)), now.toISOString(), deviceTime(),
  ]);
  await touchHandover(tx, handover.HandoverId);
  await audit(tx, user, 'handover.addendum', { type: 'handover', id: handover.HandoverId, locationId: handover.LocationId }, {
    HandoverId: handover.HandoverId, AddendumId: body.AddendumId, text: body.Text.trim(),
  });
  return loadHandover(tx, handover.HandoverId, false);
}

/** POST /handover/acknowledge: the incoming person, an issuer of the area other than the one who handed over, signs for it once. */
export async function acknowledgeHandover(tx: Queryable, user: UserRecord, body: AcknowledgeHandoverBody, now: Date): Promise<Handover> {
  const { handover, title, edit } = await visibleHandover(tx, user, body.HandoverId, true);
  const signed = handover.Acknowledgement;
  if (signed?.By.PersonnelId === user.personnel_id) return handover;
  if (!edit) throw forbidden(`You do not have permission to take over ${title}: acknowledging a handover needs permits.edit there (an issuer of the area).`);
  if (signed) throw conflict(`The handover of ${shiftWords(handover)} was acknowledged by ${signed.By.Name} at ${signed.By.At}: a handover is signed for once.`);
  if (handover.SubmittedBy.PersonnelId === user.personnel_id) {
    throw conflict(`You handed over ${shiftWords(handover)}: the incoming person acknowledges it, not the one who submitted it.`);
  }
  const comment = body.Comment?.trim() ?? '';
  await tx.query('insert into handover_acknowledgements (handover_id, personnel_id, acknowledged_by, comment, acknowledged_at, device_at) values ($1, $2, $3, $4, $5, $6)', [
    handover.HandoverId, user.personnel_id, JSON.stringify(personOf(user)), comment, now.toISOString(), deviceTime(),
  ]);
  await touchHandover(tx, handover.HandoverId);
  await audit(tx, user, 'handover.acknowledge', { type: 'handover', id: handover.HandoverId, locationId: handover.LocationId }, {
    HandoverId: handover.HandoverId, shift: handover.Shift.Name, submittedBy: handover.SubmittedBy.Name, ...(comment && { comment }),
  });
  return loadHandover(tx, handover.HandoverId, false);
}
