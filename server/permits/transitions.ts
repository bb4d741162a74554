import type { ApprovalRecord, Comment, CommentType, PermitState } from '../../schemas';
import type Type from 'typebox';
import { approvalsSummary } from '../../domain/permits/approvals';
import { historyAhead } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { conflict, HttpError } from '../http/errors';
import { gasApprovalRefusal } from '../gasTests/gate';
import { isolationApprovalRefusal } from '../isolations/links';
import { simopsAtApproval, type SimopsApproval } from '../simops/gate';
import type { UserRecord } from '../users/users';
import { authorize, permitContext, type PermitContext } from './context';

export interface TransitionResult {
  PermitInstanceId: string;
  PermitInstanceReferenceId: string;
  State: PermitState;
  PreviousState: PermitState;
}

/** A comment by the acting user. */
export const commentBy = (user: UserRecord, text: string, type: Type.Static<typeof CommentType>, now: Date): Comment => ({
  Comment: text.trim(),
  CommentType: type,
  CreatedOn: now.toISOString(),
  CreatedBy: { PersonnelId: user.personnel_id, FirstName: user.first_name, LastName: user.last_name },
});

interface Change {
  to: PermitState;
  /** The audit action, e.g. `permit.reject`. */
  action: string;
  endState?: string;
  records?: readonly ApprovalRecord[];
  comment?: Comment;
  detail?: Record<string, unknown>;
}

/**
 * Writes an authorised change of one permit: its state (and EffectiveDate when it is issued),
 * its approvals document with the summary for the new state, and the audit row. Whatever leads
 * to APPROVED, the isolations the permit names must all be VERIFIED first (issue 36), and a type
 * that needs gas tests must have a recent passing reading (issue 37), and no SIMOPS clash may
 * block it or go unacknowledged (issue 38).
 */
export async function applyChange(tx: Queryable, context: PermitContext, change: Change, now: Date): Promise<TransitionResult> {
  const { permit } = context;
  const from = permit.State;
  let simops: SimopsApproval | undefined;
  if (change.to === 'APPROVED' && from !== 'APPROVED') {
    const refusal = (await isolationApprovalRefusal(tx, permit)) ?? (await gasApprovalRefusal(tx, permit, now));
    if (refusal) throw conflict(refusal);
    simops = await simopsAtApproval(tx, context, change.comment?.Comment, now);
    if (simops.refusal) throw conflict(simops.refusal);
  }
  const history = historyAhead(tx, context.user, change.action, { id: permit.PermitInstanceId, locationId: permit.LocationId }, {
    PermitInstanceId: permit.PermitInstanceId, from, to: change.to, ...change.detail,
    // The review clashes the approver's comment acknowledged: kept in the approved permit's history, naming the others.
    ...(simops?.acknowledged.length ? { SimopsAcknowledged: simops.acknowledged } : {}),
  });
  const records = change.records ?? context.approvals.Approvals;
  const comments = change.comment ? [...context.approvals.Comments, change.comment] : context.approvals.Comments;
  await tx.query(
    `update permits set state = $2, end_state_description = coalesce($3, end_state_description),
            effective_date = case when $2 = 'APPROVED' and effective_date is null then $4::timestamptz else effective_date end,
            approvals = $5, approval_summary = $6, comments = $7, history = history || $8::jsonb
      where permit_instance_id = $1`,
    [permit.PermitInstanceId, change.to, change.endState ?? null, now.toISOString(), JSON.stringify(records),
      JSON.stringify(approvalsSummary(records, change.to)), JSON.stringify(comments), history],
  );
  return { PermitInstanceId: permit.PermitInstanceId, PermitInstanceReferenceId: permit.PermitInstanceReferenceId, State: change.to, PreviousState: from };
}

/** Submit (SPEC §4): a DRAFT goes for approval (PRE-APPROVAL or PENDING); later a submit is an update that keeps the state. */
export async function submitPermit(tx: Queryable, user: UserRecord, id: string, now: Date): Promise<TransitionResult> {
  const context = await permitContext(tx, user, id);
  return applyChange(tx, context, { to: authorize(context, 'submit'), action: 'permit.submit' }, now);
}

/** Reject from PRE-APPROVAL or PENDING with a reason (SPEC §4). */
export async function rejectPermit(tx: Queryable, user: UserRecord, id: string, reason: string, now: Date): Promise<TransitionResult> {
  const context = await permitContext(tx, user, id);
  const to = authorize(context, 'reject', { reason });
  return applyChange(tx, context, { to, action: 'permit.reject', endState: reason.trim(), comment: commentBy(user, reason, 'Rejection', now) }, now);
}

/** Revoke one APPROVED permit with a reason (SPEC §4). */
export async function revokePermit(tx: Queryable, user: UserRecord, id: string, reason: string, now: Date): Promise<TransitionResult> {
  const context = await permitContext(tx, user, id);
  const to = authorize(context, 'revoke', { reason });
  return applyChange(tx, context, { to, action: 'permit.revoke', endState: reason.trim(), comment: commentBy(user, reason, 'Discontinue', now) }, now);
}

export interface RevokeResult {
  PermitInstanceId: string;
  PermitInstanceReferenceId: string;
  /** '' when the user may not see the permit. */
  State: string;
  ResultCode: 'OK' | 'FAIL';
  ResultMessage: string;
}

/**
 * Revoke many APPROVED permits with one reason (SPEC §2 /permits/revoke): each in its own
 * transaction, so one refusal does not hold back the others; every id gets OK or FAIL and why.
 * One permit alone is refused like any single transition (4xx): the edit page's revoke travels
 * through the outbox, where a 200 would count as done and the refusal would go unseen.
 */
export async function revokePermits(db: Database, user: UserRecord, ids: readonly string[], reason: string, now: Date): Promise<RevokeResult[]> {
  const results: RevokeResult[] = [];
  for (const id of ids) {
    try {
      const done = await db.transaction((tx) => revokePermit(tx, user, id, reason, now));
      results.push({ PermitInstanceId: id, PermitInstanceReferenceId: done.PermitInstanceReferenceId, State: done.State, ResultCode: 'OK', ResultMessage: 'Revoked' });
    } catch (error) {
      if (!(error instanceof HttpError) || ids.length === 1) throw error;
      const [row] = await db.query<{ reference_id: string; state: string }>('select reference_id, state from permits where permit_instance_id = $1 and not deleted', [id]);
      // Someone who may not view the permit learns nothing of it from the answer.
      const visible = row && error.statusCode !== 403 && error.statusCode !== 404;
      results.push({ PermitInstanceId: id, PermitInstanceReferenceId: visible ? row.reference_id : '', State: visible ? row.state : '', ResultCode: 'FAIL', ResultMessage: error.message });
    }
  }
  return results;
}
