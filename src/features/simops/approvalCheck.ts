import type { ApprovalClash } from '../../../domain/simops/approval';
import { simopsApprovalRefusal } from '../../../domain/simops/approval';
import { referenceOf } from '../permits/permitText';
import type { SimopsView } from './simopsQueries';
import { otherOf } from './simopsText';

/** What the approve dialog says before an approval that would issue the permit: a block (refused) or a review (needs the comment). */
export interface SimopsNotice {
  intent: 'error' | 'warning';
  text: string;
}

function approvalClashes(view: SimopsView, permitId: string, now: number): ApprovalClash[] {
  const facts = view.facts.get(permitId);
  if (!facts) return [];
  return view.clashes.clashesIfIssued(facts, now).map((clash) => ({
    clash,
    other: referenceOf(view.permits.get(otherOf(clash, permitId))?.PermitInstanceReferenceId ?? 'TBD'),
  }));
}

/**
 * The SIMOPS gate of an approval that would issue the permit, judged on the device with the
 * replica at once (offline too) by the rule the server applies again when the change reaches it.
 */
export function simopsRefusal(view: SimopsView | undefined, permit: { PermitInstanceId: string; PermitInstanceReferenceId: string }, comment: string, now: number): string | null {
  if (!view) return null;
  const id = permit.PermitInstanceId;
  return simopsApprovalRefusal({ id, reference: referenceOf(permit.PermitInstanceReferenceId) }, approvalClashes(view, id, now), comment);
}

/** The notice before approving: a block whatever the comment says, else a review until a comment acknowledges it. */
export function simopsNotice(view: SimopsView | undefined, permit: { PermitInstanceId: string; PermitInstanceReferenceId: string }, now: number): SimopsNotice | null {
  const blocked = simopsRefusal(view, permit, 'acknowledged', now);
  if (blocked) return { intent: 'error', text: blocked };
  const review = simopsRefusal(view, permit, '', now);
  return review ? { intent: 'warning', text: review } : null;
}
