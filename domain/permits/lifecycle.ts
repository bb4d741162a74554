import type { ApprovalRecord, PermitState } from '../../schemas';
import { actionableRecords, duePhase, phaseComplete, phaseOf } from './approvals';

/** What can be done to a permit (SPEC §4, DESIGN.md §6). Approval actions act on one approval record. */
export const PERMIT_ACTIONS = [
  'view', 'editContent', 'changeLocation', 'submit', 'comment', 'copy',
  'approve', 'review', 'rejectApproval', 'discontinue',
  'reject', 'revoke', 'submitCloseout', 'timeout',
] as const;
export type PermitAction = (typeof PERMIT_ACTIONS)[number];

/** edit / view: the ability at the permit's location (SPEC §6); group: membership of the record's ApprovalGroup; system: the scheduled job. */
export type Requirement = 'view' | 'edit' | 'group' | 'system';

export interface Rule {
  from: readonly PermitState[];
  needs: readonly Requirement[];
  /** A non-empty reason or comment is required (EndStateDescription, or the comment of the decision). */
  reason?: boolean;
}

const OPEN_EDIT: PermitState[] = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'TIMEOUT', 'CLOSING'];
const ALL: PermitState[] = [...OPEN_EDIT, 'REJECTED', 'COMPLETED', 'REVOKED'];
const DECIDING: PermitState[] = ['PRE-APPROVAL', 'PENDING', 'CLOSING'];

/** The transition table: from which states each action is allowed, and what it needs of the actor. */
export const RULES: Record<PermitAction, Rule> = {
  view: { from: ALL, needs: ['view'] },
  // Which fields may change is decided per field (editability.ts); this is whether any may.
  editContent: { from: OPEN_EDIT, needs: ['view', 'edit'] },
  // Work order and work location (SPEC §4).
  changeLocation: { from: ['DRAFT', 'PRE-APPROVAL', 'PENDING'], needs: ['view', 'edit'] },
  // From DRAFT the permit goes for approval; later a submit saves an update and keeps the state (SPEC §4 "created"/"updated").
  submit: { from: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'], needs: ['view', 'edit'] },
  comment: { from: ALL, needs: ['view', 'edit'] },
  copy: { from: ALL.filter((s) => s !== 'DRAFT'), needs: ['view', 'edit'] },
  approve: { from: DECIDING, needs: ['view', 'group'] },
  review: { from: DECIDING, needs: ['view', 'group'] },
  // Rejecting needs permits.edit wherever it is done from (SPEC §6).
  rejectApproval: { from: ['PRE-APPROVAL', 'PENDING'], needs: ['view', 'edit', 'group'], reason: true },
  discontinue: { from: DECIDING, needs: ['view', 'group'], reason: true },
  reject: { from: ['PRE-APPROVAL', 'PENDING'], needs: ['view', 'edit'], reason: true },
  revoke: { from: ['APPROVED'], needs: ['view', 'edit'], reason: true },
  // A timed-out permit can still be closed out (DESIGN.md §6).
  submitCloseout: { from: ['APPROVED', 'TIMEOUT'], needs: ['view', 'edit'] },
  timeout: { from: ['APPROVED', 'CLOSING'], needs: ['system'] },
};

/** Who is acting: abilities at the permit's location and approval groups; `system` for the scheduled job. */
export interface Actor {
  view: boolean;
  edit: boolean;
  groups: ReadonlySet<string>;
  system?: boolean;
}

/** What the rules read of a permit. */
export interface PermitFacts {
  State: PermitState;
  Approvals: readonly ApprovalRecord[];
  /** CopyEnabled of the location and the copy feature flag (SPEC §4). */
  copyEnabled?: boolean;
  /** Named in refusals ("at Crude Unit"). */
  LocationTitle?: string;
}

export type Decision = { ok: true; to: PermitState } | { ok: false; status: 403 | 409 | 400; reason: string };

const refuse = (status: 403 | 409 | 400, reason: string): Decision => ({ ok: false, status, reason });

/**
 * Moves through phases that have nothing left to approve: a permit whose pre-approvals are all
 * given is PENDING, one with all its approvals APPROVED, a close-out fully accepted COMPLETED.
 */
export function settle(state: PermitState, records: readonly ApprovalRecord[]): PermitState {
  if (state === 'PRE-APPROVAL' && phaseComplete(records, 'preApproval')) return settle('PENDING', records);
  if (state === 'PENDING' && phaseComplete(records, 'approval')) return 'APPROVED';
  if (state === 'CLOSING' && phaseComplete(records, 'closeOut')) return 'COMPLETED';
  return state;
}

/**
 * Whether `actor` may do `action` to the permit now, and the state it leads to. Approval actions
 * name the record they act on; `reason` is the reason or comment given. Refusals say why, in a
 * sentence: 403 for who is asking (judged first, so a stranger learns nothing of the permit's
 * state), 409 for the permit's state, 400 for what was sent.
 */
export function decide(action: PermitAction, facts: PermitFacts, actor: Actor, record?: ApprovalRecord, reason?: string): Decision {
  const rule = RULES[action];
  const where = facts.LocationTitle ?? 'this location';
  if (rule.needs.includes('system') && !actor.system) return refuse(403, 'Only the scheduler times permits out.');
  if (rule.needs.includes('view') && !actor.view) return refuse(403, `You do not have permission to view permits at ${where}.`);
  if (rule.needs.includes('edit') && !actor.edit) return refuse(403, `You do not have permission to create or edit permits at ${where}.`);
  if (rule.needs.includes('group')) {
    if (!record) return refuse(400, 'There is no such approval on this permit.');
    if (!actor.groups.has(record.ApprovalGroup)) return refuse(403, `Only a member of ${record.ApprovalGroup} can act on the approval "${record.ApprovalLabel}".`);
  }
  if (!rule.from.includes(facts.State)) return refuse(409, `A permit in state ${facts.State} cannot be ${PAST[action]}.`);
  if (rule.reason && !reason?.trim()) return refuse(400, 'A reason is required.');
  if (action === 'copy' && !facts.copyEnabled) return refuse(409, 'Copying permits is not enabled at this location.');
  if (record && rule.needs.includes('group')) return decideApproval(action, facts, record);
  return { ok: true, to: nextState(action, facts) };
}

/** An approval action by a member of the record's group, in a state where approvals are due. */
function decideApproval(action: PermitAction, facts: PermitFacts, record: ApprovalRecord): Decision {
  const phase = duePhase(facts.State);
  if (action === 'discontinue') {
    if (phaseOf(record) !== phase || !record.IsApproved) return refuse(409, `"${record.ApprovalLabel}" has no approval to withdraw now.`);
    return { ok: true, to: facts.State };
  }
  if (!actionableRecords(facts.Approvals, phase).some((r) => r.PermitApprovalId === record.PermitApprovalId)) {
    return refuse(409, `"${record.ApprovalLabel}" is not the approval due now: approvals are given in order.`);
  }
  if (action === 'rejectApproval') return { ok: true, to: 'REJECTED' };
  if (action === 'review') return { ok: true, to: facts.State };
  const after = facts.Approvals.map((r) => (r.PermitApprovalId === record.PermitApprovalId ? { ...r, IsApproved: true } : r));
  return { ok: true, to: settle(facts.State, after) };
}

function nextState(action: PermitAction, facts: PermitFacts): PermitState {
  switch (action) {
    case 'submit':
      return facts.State === 'DRAFT' ? settle('PRE-APPROVAL', facts.Approvals) : facts.State;
    case 'reject':
      return 'REJECTED';
    case 'revoke':
      return 'REVOKED';
    case 'submitCloseout':
      return settle('CLOSING', facts.Approvals);
    case 'timeout':
      return 'TIMEOUT';
    default:
      return facts.State;
  }
}

const PAST: Record<PermitAction, string> = {
  view: 'viewed', editContent: 'edited', changeLocation: 'moved to another work order or work location', submit: 'submitted',
  comment: 'commented on', copy: 'copied', approve: 'approved', review: 'reviewed', rejectApproval: 'rejected',
  discontinue: 'discontinued', reject: 'rejected', revoke: 'revoked', submitCloseout: 'closed out', timeout: 'timed out',
};
