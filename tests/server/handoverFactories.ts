import { randomUUID } from 'node:crypto';
import type { SubmitHandoverBody } from '../../schemas';
import { handoverPage } from '../../domain/handover/page';
import { defaultShiftPattern, nextShift, shiftAt } from '../../domain/handover/shifts';

/** A handover of an area for the current shift of the default pattern, with nothing on its page, overridable. */
export function handoverBody(locationId = 111, overrides: Partial<SubmitHandoverBody> = {}): SubmitHandoverBody {
  const now = new Date();
  const pattern = defaultShiftPattern(1);
  const Page = handoverPage({ locationId, locationTitle: '', locations: [locationId], shift: shiftAt(pattern, now), next: nextShift(pattern, now), now, timeZone: 'UTC', permits: [] });
  return { HandoverId: randomUUID(), Page, GeneralNotes: 'Quiet shift: nothing open in the area.', ItemNotes: [], ...overrides };
}
