import { overdueSuspension } from '../../domain/gasTests/suspension';
import type { PermitState } from '../../schemas';
import { audit, SYSTEM_ACTOR } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { gasStamp, insertSuspension } from './records';
import { permitRules, readingsOf } from './rules';

// Any constant: one instance at a time suspends overdue work, as with the permits' time-outs.
const OVERDUE_LOCK = 727_037;

/**
 * The server notices an overdue retest here, every minute, and suspends the work (issue 37):
 * reads never write, so a permit's page or pull does not do it; the device works out due and
 * overdue from the same readings and its clock, offline too, to the minute. Only permits with gas
 * tests recorded are looked at: a permit approved before its site recorded gas tests in the app
 * (or imported) had its atmosphere tested on paper, and is not stopped for a missing reading.
 */
export async function suspendOverdue(tx: Queryable, now: Date): Promise<string[]> {
  const candidates = await tx.query<{ id: string; reference: string; state: PermitState; site_id: number; location_id: number; permit_types: { Name: string; Label: string }[] }>(
    `select p.permit_instance_id as id, p.reference_id as reference, p.state, p.site_id, p.location_id, p.permit_types
       from gas_tests g join permits p on p.permit_instance_id = g.permit_instance_id
      where p.state = 'APPROVED' and not p.deleted
        and not exists (select from gas_suspensions s where s.permit_instance_id = p.permit_instance_id and s.resumed_at is null)
      order by p.permit_instance_id
      for update of p skip locked`,
  );
  const suspended: string[] = [];
  for (const c of candidates) {
    const permit = { PermitInstanceId: c.id, PermitInstanceReferenceId: c.reference, State: c.state, SiteId: c.site_id, LocationId: c.location_id, permitTypes: c.permit_types };
    const { rules, settings: site } = await permitRules(tx, permit);
    const reason = overdueSuspension({ ...permit, suspendedAt: null }, await readingsOf(tx, c.id), rules, now, site.TimeZone);
    if (!reason) continue;
    await insertSuspension(tx, permit, { cause: 'overdue', reason, by: gasStamp(null, now) }, now);
    await audit(tx, SYSTEM_ACTOR, 'gas.suspend', { type: 'permit', id: c.id }, { PermitInstanceId: c.id, cause: 'overdue', reason });
    suspended.push(c.id);
  }
  return suspended;
}

/** One run, unless another instance is running it. */
export function runOverdueSweep(db: Database, now: Date): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [OVERDUE_LOCK]);
    return lock?.ok ? suspendOverdue(tx, now) : null;
  });
}

