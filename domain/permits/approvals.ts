import type { ApprovalRecord, Permit, PermitApprovals, PermitState, ReplicatedPermit } from '../../schemas';
import type { ApprovalPhase, ApprovalStep } from './definition';

/**
 * Approval records carry their phase in ApprovalPath (`phase.Name`, e.g. `preApproval.AreaAuthority`),
 * so a replica can tell which records are due without the definition at hand.
 */
export const approvalPath = (phase: ApprovalPhase, name: string) => `${phase}.${name}`;

export function phaseOf(record: Pick<ApprovalRecord, 'ApprovalPath'>): ApprovalPhase {
  const phase = record.ApprovalPath.split('.')[0];
  return phase === 'preApproval' || phase === 'closeOut' ? phase : 'approval';
}

/** The records a new permit starts with: one per step, none decided. `newId` gives each its PermitApprovalId. */
export function initialApprovalRecords(steps: readonly ApprovalStep[], newId: () => string): ApprovalRecord[] {
  return [...steps]
    .sort((a, b) => a.Order - b.Order)
    .map((step) => ({
      PermitApprovalId: newId(),
      ApprovalLabel: step.Label,
      ApprovalGroup: step.Group,
      ApprovalName: step.Name,
      ApprovalOrder: step.Order,
      ApprovalPath: approvalPath(step.Phase, step.Name),
      ApprovedByName: null,
      ApprovedByPersonnelId: null,
      ApprovalDate: null,
      IsApproved: false,
      IsApprovalRequired: step.Required,
      Nature: '',
      NotificationRecipient: step.Group,
    }));
}

/** The phase whose approvals are due in a state: pre-approval, approval, or the close-out once submitted (CLOSING). */
export function duePhase(state: PermitState): ApprovalPhase | null {
  if (state === 'PRE-APPROVAL') return 'preApproval';
  if (state === 'PENDING') return 'approval';
  if (state === 'CLOSING') return 'closeOut';
  return null;
}

const missing = (r: ApprovalRecord) => r.IsApprovalRequired && !r.IsApproved;

/**
 * The records that may be acted on now: the missing ones of the due phase with the lowest
 * ApprovalOrder (approvals go in order; steps sharing an order may go in any order).
 */
export function actionableRecords(records: readonly ApprovalRecord[], phase: ApprovalPhase | null): ApprovalRecord[] {
  if (!phase) return [];
  const due = records.filter((r) => phaseOf(r) === phase && missing(r));
  const first = Math.min(...due.map((r) => r.ApprovalOrder));
  return due.filter((r) => r.ApprovalOrder === first);
}

/** Whether every required record of a phase is approved. */
export const phaseComplete = (records: readonly ApprovalRecord[], phase: ApprovalPhase) =>
  records.every((r) => phaseOf(r) !== phase || !missing(r));

/**
 * RequiredApprovals and MissingApprovals count the records of the close-out once it is under
 * way, else those that issue the permit; ApprovalNature is the Nature of the latest decision
 * ('' before any), which the app colours (SPEC §4 display statuses).
 */
export function approvalsSummary(records: readonly ApprovalRecord[], state: PermitState): PermitApprovals['Summary'] {
  const closing = state === 'CLOSING' || state === 'COMPLETED';
  const counted = records.filter((r) => (phaseOf(r) === 'closeOut') === closing && r.IsApprovalRequired);
  const latest = records.filter((r) => r.ApprovalDate).sort((a, b) => (a.ApprovalDate! < b.ApprovalDate! ? -1 : 1)).at(-1);
  return {
    RequiredApprovals: counted.length,
    MissingApprovals: counted.filter((r) => !r.IsApproved).length,
    ApprovalNature: latest?.Nature ?? '',
  };
}

/** The groups a person belongs to, from the permit's UsersOfGroupList (values are personnel ids). */
export function groupsOf(personnelId: number, usersOfGroups: Permit['PermitInstanceMetadataJSON']['UsersOfGroupList']): Set<string> {
  const id = String(personnelId);
  return new Set(usersOfGroups.filter((g) => g.UserFormattedList.some((u) => u.value === id)).map((g) => g.Group));
}

/**
 * 'Your Approval Required' (SPEC §2): the user is in the group of a missing approval that is
 * due in the permit's state.
 */
export function isYourApprovalRequired(
  permit: Pick<Permit, 'State' | 'PermitInstanceMetadataJSON'>,
  records: readonly ApprovalRecord[],
  personnelId: number,
): boolean {
  const phase = duePhase(permit.State as PermitState);
  const groups = groupsOf(personnelId, permit.PermitInstanceMetadataJSON.UsersOfGroupList);
  return records.some((r) => phase !== null && phaseOf(r) === phase && missing(r) && groups.has(r.ApprovalGroup));
}

/** A permit's approval records, summary and comments, as the screens show them. */
export type ApprovalsView = Pick<PermitApprovals, 'Approvals' | 'Summary' | 'Comments'>;

/**
 * The approvals a replicated permit carries; null on one not pulled with them yet (created on
 * this device and not sent, or stored by a release that pulled them apart).
 */
export function approvalsOf(permit: Pick<ReplicatedPermit, 'Approvals' | 'ApprovalSummary' | 'Comments'>): ApprovalsView | null {
  if (!permit.Approvals || !permit.ApprovalSummary) return null;
  return { Approvals: permit.Approvals, Summary: permit.ApprovalSummary, Comments: permit.Comments ?? [] };
}
