import { PERMIT_SCOPE_DAYS } from '../../domain/replicaScope';
import { HANDOVER_COLUMNS, HANDOVER_FROM, presentHandover, type HandoverRow } from '../handover/records';
import { toPage, type PageRow, type Source } from './page';

/**
 * Handovers of the locations the user may view, of shifts that ended in the permits' window (the
 * last 15 days) or have not ended: an area's recent history, with addenda and acknowledgement
 * (each restamps its handover). Handovers never move, so the scope's fingerprint alone answers a
 * change of sight (resync).
 */
export const pullHandovers: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<HandoverRow & PageRow>(
    `select ${HANDOVER_COLUMNS}, h.handover_id as doc_id, sync_text(h.date_changed) as doc_date, not h.deleted as live, count(*) over () as total
       from ${HANDOVER_FROM}
      where h.location_id = any($1::int[]) and (h.date_changed, h.handover_id) > ($3::timestamptz, $4::text)
        and h.shift_end >= now() - make_interval(days => $6::int)
        and (not h.deleted or h.date_changed > $2::timestamptz)
      order by h.date_changed, h.handover_id
      limit $5`,
    [scope.viewable, at.since, at.date, at.id, limit, PERMIT_SCOPE_DAYS],
  );
  return toPage(rows, 'HandoverId', presentHandover);
};
