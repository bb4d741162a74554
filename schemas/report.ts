import Type from 'typebox';
import { LocationId } from './common';
import { PERMIT_STATES } from './permit';

const PermitStateSchema = Type.Union(PERMIT_STATES.map((s) => Type.Literal(s)));

/**
 * GET /reports/permits-by-state (SPEC §7 "report search": counts by LocationId then State).
 * `State` filters (repeat it, or leave it out for every state); the report's "Open Permits"
 * sends the open states.
 */
export const PermitsByStateQuery = Type.Object({
  State: Type.Optional(Type.Array(PermitStateSchema, { maxItems: PERMIT_STATES.length, description: 'Permit state (repeatable)' })),
});
export type PermitsByStateQuery = Type.Static<typeof PermitsByStateQuery>;

/** One location's counts, by state; states with no permits are left out. */
export const LocationStateCounts = Type.Object({
  LocationId,
  Counts: Type.Record(Type.String(), Type.Integer({ minimum: 1 })),
  Total: Type.Integer({ minimum: 0 }),
});
export type LocationStateCounts = Type.Static<typeof LocationStateCounts>;

/** The report's answer: every location the user may view that has a matching permit, by LocationId. */
export const PermitsByStateReport = Type.Object({
  Locations: Type.Array(LocationStateCounts),
  Total: Type.Integer({ minimum: 0 }),
});
export type PermitsByStateReport = Type.Static<typeof PermitsByStateReport>;
