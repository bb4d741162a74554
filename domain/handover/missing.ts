import type { ShiftPattern } from '../../schemas';
import { previousShift, shiftAt, type Shift } from './shifts';

/** How long into a shift its handover may still be signed for before the area shows it missing. */
export const HANDOVER_GRACE_MS = 30 * 60_000;

/** What the rule reads of a handover: its area, the shift handed over, and whether it was signed for. */
export interface HandoverFacts {
  LocationId: number;
  Shift: { Start: string; End: string };
  Acknowledgement: unknown;
}

/**
 * The handover an area is missing at `now`: the shift that ended at the last shift change, when
 * 30 minutes into the new shift no handover of it for the area has been acknowledged; null when
 * one has, or while the grace period runs.
 */
export function missingHandover(pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone'>, locationId: number, handovers: readonly HandoverFacts[], now: Date): Shift | null {
  const current = shiftAt(pattern, now);
  if (now.getTime() - current.start.getTime() < HANDOVER_GRACE_MS) return null;
  const handedOver = previousShift(pattern, now);
  const signed = handovers.some((h) => h.LocationId === locationId && h.Acknowledgement !== null && h.Acknowledgement !== undefined
    && Date.parse(h.Shift.End) === handedOver.end.getTime());
  return signed ? null : handedOver;
}
