/**
 * The control-room board (issue 39 §5): what a wall screen shows of an area, read from the same
 * handover page the shift hands over (domain/handover/page.ts), so the two never disagree.
 */
import { OPEN_PERMIT_STATES, type HandoverClash, type HandoverGasTest, type HandoverPermit, type PermitState } from '../schemas';
import { handoverPage, type HandoverInputs } from './handover/page';

/** How far ahead a permit's end of validity puts it under *Timing out soon*: the two hours a supervisor needs to extend or close it out. */
export const TIMING_OUT_SOON_MINUTES = 120;

export interface Board {
  /** Open permits of the area per open state, in the states' order. */
  counts: { state: PermitState; count: number }[];
  /** Approved work stopped (gas tests): the reason in words. */
  suspensions: HandoverGasTest[];
  clashes: HandoverClash[];
  /** APPROVED and CLOSING permits whose validity ends within TIMING_OUT_SOON_MINUTES (or has ended, the sweep not yet run), soonest first. */
  timingOut: HandoverPermit[];
}

/** The board of an area as of `input.now`. */
export function boardOf(input: HandoverInputs): Board {
  const page = handoverPage(input);
  const area = new Set(input.locations);
  const inArea = input.permits.filter((p) => area.has(p.LocationId));
  return {
    counts: OPEN_PERMIT_STATES.map((state) => ({ state, count: inArea.filter((p) => p.State === state).length })),
    suspensions: (page.GasTests ?? []).filter((g) => g.Status === 'suspended'),
    clashes: page.Clashes ?? [],
    timingOut: page.OpenPermits
      .filter((p) => p.State !== 'TIMEOUT' && p.MinutesLeft !== null && p.MinutesLeft <= TIMING_OUT_SOON_MINUTES)
      .sort((a, b) => a.MinutesLeft! - b.MinutesLeft!),
  };
}
