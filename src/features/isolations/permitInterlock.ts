import { interlock } from '../../../domain/isolations/interlock';
import { settle } from '../../../domain/permits/lifecycle';
import type { ApprovalAction, ApprovalRecord, IsolationCertificate, Permit, PermitState } from '../../../schemas';

/**
 * Whether an approval action would make the permit APPROVED while a certificate it names is not
 * VERIFIED: the device says so at once rather than queue a change the server would refuse.
 */
export function approvalRefusal(permit: Permit, records: readonly ApprovalRecord[], record: ApprovalRecord, action: ApprovalAction, certificates: readonly IsolationCertificate[]): string | null {
  if (action !== 'Approval') return null;
  const state = permit.State as PermitState;
  const after = records.map((r) => (r.PermitApprovalId === record.PermitApprovalId ? { ...r, IsApproved: true } : r));
  if (state === 'APPROVED' || settle(state, after) !== 'APPROVED') return null;
  return interlock({ action: 'approvePermit', permit: { PermitInstanceReferenceId: permit.PermitInstanceReferenceId, State: state }, certificates });
}
