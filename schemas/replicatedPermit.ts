import Type from 'typebox';
import { PermitHistoryEvent } from './audit';
import { ApprovalRecord, ApprovalSummary, Comment, Permit } from './permit';

/**
 * A permit as a replica holds it: the permit with its approval records, their summary, its
 * comments and its history (issue 40), all versioned by the permit's DateChanged (SPEC §3). The
 * server always sends them; they are absent on a permit created on the device, or stored by a
 * release that pulled them apart or before permits had a history, until the permit is pulled.
 * Apart from permit.ts, which audit.ts's events build on: the two would import each other.
 */
export const ReplicatedPermit = Type.Object({
  ...Permit.properties,
  Approvals: Type.Optional(Type.Array(ApprovalRecord)),
  ApprovalSummary: Type.Optional(ApprovalSummary),
  Comments: Type.Optional(Type.Array(Comment)),
  /** The permit's audit events, oldest first: what the History tab reads. */
  History: Type.Optional(Type.Array(PermitHistoryEvent)),
});
export type ReplicatedPermit = Type.Static<typeof ReplicatedPermit>;
