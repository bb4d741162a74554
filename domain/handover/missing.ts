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

/** An area's missing handover, for the warning: the area and the shift nobody signed for. */
export interface MissingHandover {
  LocationId: number;
  SiteId: number;
  shift: Shift;
}

/**
 * The areas missing a handover at `now`, first location id first. The areas are those handed over
 * in `handovers` (a device holds those of the last 15 days): where the site hands over, a missed
 * handover is news; an area never handed over (a single pump, a site that does not use handovers)
 * would otherwise warn every issuer below it at every shift.
 */
export function areasMissingHandover(handovers: readonly (HandoverFacts & { SiteId: number })[], patternOf: (siteId: number) => Pick<ShiftPattern, 'Shifts' | 'TimeZone'>, now: Date): MissingHandover[] {
  const areas = new Map(handovers.map((h) => [h.LocationId, h.SiteId]));
  return [...areas].sort(([a], [b]) => a - b).flatMap(([LocationId, SiteId]) => {
    const shift = missingHandover(patternOf(SiteId), LocationId, handovers, now);
    return shift ? [{ LocationId, SiteId, shift }] : [];
  });
}
