import Type from 'typebox';
import type { PermitHistoryEvent } from './audit';
import { Permit, type ApprovalRecord, type ApprovalSummary, type Comment } from './permit';

/**
 * What the server alone writes and the replica stores as it comes: typed here, but its schema
 * says only "an array" or "an object". The replica's schemas are in the entry, so each field of
 * each record spelled out here went into every device's first load.
 */
const stored = <T>(schema: ReturnType<typeof Type.Array> | ReturnType<typeof Type.Object>) => Type.Optional(Type.Unsafe<T>(schema));

/**
 * A permit as a replica holds it: the permit with its approval records, their summary, its
 * comments and its history (issue 40), all versioned by the permit's DateChanged (SPEC §3). The
 * server always sends them; they are absent on a permit created on the device, or stored by a
 * release that pulled them apart or before permits had a history, until the permit is pulled.
 * Apart from permit.ts, which audit.ts's events build on: the two would import each other.
 */
export const ReplicatedPermit = Type.Object({
  ...Permit.properties,
  Approvals: stored<ApprovalRecord[]>(Type.Array(Type.Unknown())),
  ApprovalSummary: stored<ApprovalSummary>(Type.Object({})),
  Comments: stored<Comment[]>(Type.Array(Type.Unknown())),
  /** The permit's audit events (PermitHistoryEvent), oldest first: what the History tab reads. */
  History: stored<PermitHistoryEvent[]>(Type.Array(Type.Unknown())),
});
export type ReplicatedPermit = Type.Static<typeof ReplicatedPermit>;
