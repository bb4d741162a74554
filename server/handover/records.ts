import type { Handover, HandoverStamp } from '../../schemas';
import type { Queryable } from '../db/database';
import { writeContext } from '../db/database';
import { notFound } from '../http/errors';
import type { UserRecord } from '../users/users';

/** A person's stamp, with the time columns it was kept with: `who` is the jsonb of PersonnelId and Name. */
const stamp = (who: string, at: string, deviceAt: string) => `(${who} || jsonb_build_object('At', sync_text(${at}), 'DeviceAt', sync_text(${deviceAt})))`;

/** A handover's rows as its document: the record, its addenda oldest first, its acknowledgement. */
export const HANDOVER_COLUMNS = `h.handover_id, h.site_id, h.location_id, sync_text(h.date_changed) as date_changed,
  r.shift_name, sync_text(r.shift_start) as shift_start, sync_text(r.shift_end) as shift_end, r.page, r.general_notes, r.item_notes,
  ${stamp('r.submitted_by', 'r.submitted_at', 'r.device_at')} as submitted_by,
  coalesce((select json_agg(json_build_object('AddendumId', a.addendum_id, 'Text', a.text, 'By', ${stamp('a.added_by', 'a.added_at', 'a.device_at')})
                            order by a.added_at, a.addendum_id)
              from handover_addenda a where a.handover_id = h.handover_id), '[]') as addenda,
  (select json_build_object('By', ${stamp('k.acknowledged_by', 'k.acknowledged_at', 'k.device_at')}, 'Comment', k.comment)
     from handover_acknowledgements k where k.handover_id = h.handover_id) as acknowledgement`;
export const HANDOVER_FROM = 'handovers h join handover_records r on r.handover_id = h.handover_id';

export interface HandoverRow {
  handover_id: string;
  site_id: number;
  location_id: number;
  date_changed: string;
  shift_name: string;
  shift_start: string;
  shift_end: string;
  page: Handover['Page'];
  general_notes: string;
  item_notes: Handover['ItemNotes'];
  submitted_by: HandoverStamp;
  addenda: Handover['Addenda'];
  acknowledgement: Handover['Acknowledgement'];
}

export const presentHandover = (row: HandoverRow): Handover => ({
  HandoverId: row.handover_id,
  SiteId: row.site_id,
  LocationId: row.location_id,
  Shift: { Name: row.shift_name, Start: row.shift_start, End: row.shift_end },
  Page: row.page,
  GeneralNotes: row.general_notes,
  ItemNotes: row.item_notes,
  SubmittedBy: row.submitted_by,
  Addenda: row.addenda,
  Acknowledgement: row.acknowledgement,
  DateChanged: row.date_changed,
});

/** There is no handover, or the user may not see it: both read the same, so nobody learns one exists elsewhere. */
export const noHandover = (id: string) => notFound(`There is no handover ${id}.`);

/** A handover; `lock` holds its row to the end of the transaction, so two additions to it run one after the other. */
export async function loadHandover(tx: Queryable, id: string, lock: boolean): Promise<Handover> {
  const [row] = await tx.query<HandoverRow>(`select ${HANDOVER_COLUMNS} from ${HANDOVER_FROM} where h.handover_id = $1 and not h.deleted${lock ? ' for update of h' : ''}`, [id]);
  if (!row) throw noHandover(id);
  return presentHandover(row);
}

/** Who, as the rows keep it: the name as it was then. */
export const personOf = (user: UserRecord) => ({ PersonnelId: user.personnel_id, Name: `${user.first_name} ${user.last_name}`.trim() });

/** When the user did it on the device, where the request said (the outbox sends it; offline work arrives later). */
export const deviceTime = () => writeContext.getStore()?.deviceAt ?? null;

/** A new version of the handover's sync document: every addition restamps it. */
export const touchHandover = (tx: Queryable, id: string) => tx.query('update handovers set deleted = deleted where handover_id = $1', [id]);
