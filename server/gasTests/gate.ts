import { approvalGateRefusal } from '../../domain/gasTests/gate';
import type { Queryable } from '../db/database';
import type { StoredPermit } from '../permits/records';
import { permitRules, readingsOf } from './rules';

/**
 * The gas test gate on the permit's side: a permit whose type needs gas tests becomes APPROVED
 * only on a passing reading taken within the site's gate minutes. Its readings are read in the
 * transaction that holds the permit's lock, which every reading of it takes first.
 */
export async function gasApprovalRefusal(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'PermitInstanceReferenceId' | 'SiteId' | 'permitTypes'>, now: Date): Promise<string | null> {
  const { rules } = await permitRules(tx, permit);
  if (!rules.required) return null;
  return approvalGateRefusal(permit, await readingsOf(tx, permit.PermitInstanceId), rules, now);
}
