import type { ApprovalRecord } from '../../schemas';
import { approvalsSummary } from '../../domain/permits/approvals';
import { decide } from '../../domain/permits/lifecycle';
import { audit, SYSTEM_ACTOR } from '../audit/record';
import type { Database, Queryable } from '../db/database';

// Any constant: one instance at a time times permits out, as with the sync maintenance.
const TIMEOUT_LOCK = 727_004;
const SYSTEM = { view: true, edit: false, groups: new Set<string>(), system: true };

/**
 * Times out APPROVED and CLOSING permits whose validity has passed (DESIGN.md §6); a permit is
 * timed out once, so a close-out submitted afterwards runs to completion. Returns the ids.
 */
export async function runPermitTimeouts(db: Database, now: Date): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [TIMEOUT_LOCK]);
    return lock?.ok ? timeOutDue(tx, now) : null;
  });
}

/** The work of one run, in the caller's transaction (the demo seed times out its own permits with it). */
export async function timeOutDue(tx: Queryable, now: Date): Promise<string[]> {
  const due = await tx.query<{ id: string; state: 'APPROVED' | 'CLOSING'; approvals: ApprovalRecord[] }>(
    `select p.permit_instance_id as id, p.state, p.approvals
       from permits p
      where p.state in ('APPROVED', 'CLOSING') and not p.deleted and p.valid_until < $1 and p.timed_out_at is null
      for update of p`,
    [now.toISOString()],
  );
  for (const permit of due) {
    const decision = decide('timeout', { State: permit.state, Approvals: permit.approvals }, SYSTEM);
    if (!decision.ok) continue;
    await tx.query(`update permits set state = $2, timed_out_at = $3, approval_summary = $4 where permit_instance_id = $1`, [
      permit.id, decision.to, now.toISOString(), JSON.stringify(approvalsSummary(permit.approvals, decision.to)),
    ]);
    await audit(tx, SYSTEM_ACTOR, 'permit.timeout', { type: 'permit', id: permit.id }, { PermitInstanceId: permit.id, from: permit.state, to: decision.to });
  }
  return due.map((p) => p.id);
}

