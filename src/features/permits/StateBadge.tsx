import { Badge } from '@fluentui/react-components';
import { PERMIT_STATE_COLOURS, stateTextColour } from '../../../domain/permits/stateColours';
import type { PermitState } from '../../../schemas';

/** A permit's state in the one palette shared with the map markers and the report (domain/permits/stateColours). */
export function StateBadge({ state }: { state: string }) {
  const known = state in PERMIT_STATE_COLOURS ? (state as PermitState) : null;
  return (
    <Badge
      appearance="filled"
      shape="rounded"
      style={known ? { backgroundColor: PERMIT_STATE_COLOURS[known], color: stateTextColour(known) } : undefined}
      data-state={state}
    >
      {state}
    </Badge>
  );
}
