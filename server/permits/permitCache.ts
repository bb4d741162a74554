/**
 * "Clear permit cache" (SPEC §7 PATCH /permits/search/all) in a local-first product: every
 * device drops its copy of the matching permits and pulls them again on its next sync.
 *
 * The matching permits (their approvals with them) are restamped with a new DateChanged, so each
 * replica's next pull sends them again and the pulled version replaces what the device held.
 * Nothing new is needed on the devices, a device offline today gets them when it syncs, and
 * the user's unsent changes stay in the outbox and are laid over the fresh copy as before: a
 * restamp never drops them. Only the matching permits travel again, not the whole replica.
 */
import type { PermitCacheClear } from '../../schemas';
import { permitCacheRefusal } from '../../domain/permitCache';
import { audit, type Who } from '../audit/record';
import type { Queryable } from '../db/database';
import { badRequest } from '../http/errors';

export async function clearPermitCache(tx: Queryable, body: PermitCacheClear, today: string, who: Who): Promise<number> {
  const refusal = permitCacheRefusal(body, today);
  if (refusal) throw badRequest(refusal);
  // The dates are calendar days of CreatedOn (UTC); To is inclusive.
  const rows = await tx.query<{ permit_instance_id: string }>(
    `update permits set deleted = deleted
      where site_id = $1 and state = any($2) and not deleted
        and ($3::date is null or created_on >= $3::date)
        and ($4::date is null or created_on < $4::date + 1)
      returning permit_instance_id`,
    [body.SiteId, body.States, body.StartDate, body.EndDate],
  );
  const ids = rows.map((r) => r.permit_instance_id);
  await audit(tx, who, 'permits.cacheClear', { type: 'settings', id: `permitCache/${body.SiteId}`, siteId: body.SiteId }, { ...body, Permits: ids.length });
  return ids.length;
}
