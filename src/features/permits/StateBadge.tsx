import { PERMIT_STATE_COLOURS, stateTextColour } from '../../../domain/permits/stateColours';
import type { PermitState } from '../../../schemas';
import { useBadgeClassName } from './badgeStyles';

/** A permit's state in the one palette shared with the map markers and the report (domain/permits/stateColours). */
export function StateBadge({ state }: { state: string }) {
  const className = useBadgeClassName();
  const known = state in PERMIT_STATE_COLOURS ? (state as PermitState) : null;
  return (
    <span
      className={className}
      style={known ? { backgroundColor: PERMIT_STATE_COLOURS[known], color: stateTextColour(known) } : undefined}
      data-state={state}
    >
      {state}
    </span>
  );
}
