import type { Clash } from './clash';

/** A clash of the permit being approved, with the other permit as people know it. */
export interface ApprovalClash {
  clash: Clash;
  /** The other permit's reference (or 'Pending...' while it has none). */
  other: string;
}

const metres = (m: number) => `${Math.round(m)} m`;

/** The pair of kinds of work a clash is about, the approved permit's first. */
function pair({ clash }: ApprovalClash, id: string): [string, string] {
  return clash.ids[0] === id ? clash.kinds : [clash.kinds[1], clash.kinds[0]];
}

/**
 * The SIMOPS gate at approval (issue 38), used by the device (before the user tries, offline) and
 * by the server (authoritative, with its own data at the moment of approval): a *not allowed*
 * clash refuses the move to APPROVED; a *needs review* clash refuses it until the approver
 * acknowledges it with a comment. Null: the approval may go ahead. The sentence names each
 * clashing permit, how far it is and the rule, and what to do.
 */
export function simopsApprovalRefusal(permit: { id: string; reference: string }, clashes: readonly ApprovalClash[], acknowledgement: string | undefined): string | null {
  const described = (c: ApprovalClash) => {
    const [mine, theirs] = pair(c, permit.id);
    return `${c.other} (${theirs}) is ${metres(c.clash.distanceM)} away while both are active, within the ${metres(c.clash.separationM)} the site's SIMOPS matrix sets for ${mine} beside ${theirs}`;
  };
  const blocking = clashes.filter((c) => c.clash.rule === 'block');
  if (blocking.length > 0) {
    return `Permit ${permit.reference} cannot be approved: ${blocking.map(described).join('; ')}, which is not allowed. Move the work further apart or change when one of them runs.`;
  }
  const review = clashes.filter((c) => c.clash.rule === 'review');
  if (review.length === 0 || acknowledgement?.trim()) return null;
  return `Permit ${permit.reference} needs a SIMOPS review: ${review.map(described).join('; ')}. Approve with a comment that acknowledges it.`;
}
