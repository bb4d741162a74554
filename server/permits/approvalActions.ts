import type { ApprovalAction, ApprovalActionBody, ApprovalRecord } from '../../schemas';
import { actionableRecords, duePhase } from '../../domain/permits/approvals';
import type { PermitAction } from '../../domain/permits/lifecycle';
import { historyAhead } from '../audit/record';
import { approvalBasisRefusalOf } from '../isolations/links';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import type { UserRecord } from '../users/users';
import { authorize, permitContext, type PermitContext } from './context';
import { saveApprovals } from './records';
import { applyChange, commentBy, type TransitionResult } from './transitions';

const ACTIONS: Record<ApprovalAction, PermitAction> = { Approval: 'approve', Review: 'review', Rejection: 'rejectApproval', Discontinue: 'discontinue' };

/** The record after an action: who acted and when, its Nature, and whether it stands approved. */
function decided(record: ApprovalRecord, action: ApprovalAction, user: UserRecord, now: Date): ApprovalRecord {
  const approved = action === 'Approval' ? true : action === 'Discontinue' ? false : record.IsApproved;
  return {
    ...record,
    IsApproved: approved,
    Nature: action,
    ApprovedByName: `${user.first_name} ${user.last_name}`,
    ApprovedByPersonnelId: user.personnel_id,
    ApprovalDate: now.toISOString(),
  };
}

/**
 * `basis`: the isolation certificates an Approval was judged on, from the device; an Approval is
 * applied only while the permit names exactly those (issue 36), whether or not it is the last.
 */
async function act(tx: Queryable, context: PermitContext, record: ApprovalRecord | undefined, action: ApprovalAction, comment: string | undefined, now: Date, basis?: readonly string[]): Promise<TransitionResult> {
  const to = authorize(context, ACTIONS[action], { record, reason: comment });
  if (action === 'Approval') {
    const refusal = await approvalBasisRefusalOf(tx, context.permit, basis);
    if (refusal) throw conflict(refusal);
  }
  const target = record!;
  const records = context.approvals.Approvals.map((r) => (r.PermitApprovalId === target.PermitApprovalId ? decided(r, action, context.user, now) : r));
  return applyChange(tx, context, {
    to,
    action: `permit.approval.${action.toLowerCase()}`,
    records,
    endState: action === 'Rejection' ? comment?.trim() : undefined,
    comment: comment?.trim() ? commentBy(context.user, comment, action, now) : undefined,
    detail: { PermitApprovalId: target.PermitApprovalId, ApprovalName: target.ApprovalName },
  }, now);
}

/** POST /permitinstance/approval: approve, review, reject or discontinue one approval record as a member of its group. */
export async function actOnApproval(tx: Queryable, user: UserRecord, body: ApprovalActionBody, now: Date) {
  const context = await permitContext(tx, user, body.PermitInstanceId);
  const record = context.approvals.Approvals.find((r) => r.PermitApprovalId === body.PermitApprovalId);
  return act(tx, context, record, body.Action, body.Comment, now, body.IsolationCertificateIds);
}

/**
 * Close-out (DESIGN.md §6): Submit moves APPROVED or TIMEOUT to CLOSING; Approve accepts it as a
 * member of the group of a due close-out approval, and the last acceptance completes the permit.
 */
export async function closeOutPermit(tx: Queryable, user: UserRecord, id: string, action: 'Submit' | 'Approve', comment: string | undefined, now: Date): Promise<TransitionResult> {
  const context = await permitContext(tx, user, id);
  if (action === 'Submit') {
    const note = comment?.trim() ? commentBy(user, comment, 'General', now) : undefined;
    return applyChange(tx, context, { to: authorize(context, 'submitCloseout'), action: 'permit.closeout.submit', comment: note }, now);
  }
  authorize(context, 'view');
  if (context.permit.State !== 'CLOSING') throw conflict(`A permit in state ${context.permit.State} has no close-out to approve.`);
  const due = actionableRecords(context.approvals.Approvals, duePhase(context.permit.State));
  const mine = due.find((r) => context.actor.groups.has(r.ApprovalGroup)) ?? due[0];
  return act(tx, context, mine, 'Approval', comment, now);
}

/** POST /permitinstance/comment: a General comment by an editor, in any state. */
export async function addComment(tx: Queryable, user: UserRecord, id: string, text: string, now: Date) {
  const context = await permitContext(tx, user, id);
  authorize(context, 'comment');
  const comment = commentBy(user, text, 'General', now);
  const history = historyAhead(tx, user, 'permit.comment', { id, locationId: context.permit.LocationId }, { PermitInstanceId: id });
  await saveApprovals(tx, id, context.permit.State, context.approvals.Approvals, [...context.approvals.Comments, comment], history);
  return { PermitInstanceId: id, Comment: comment };
}
