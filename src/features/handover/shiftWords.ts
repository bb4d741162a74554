import type { HandoverPage } from '../../../schemas';

/** hh:mm of an instant on the site's clock. */
export const clockOf = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const dayOf = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));

/** "Night shift, Mon 7 Dec 18:00–06:00" on the site's clock. */
export const shiftWords = (shift: HandoverPage['Shift'], timeZone: string) => `${shift.Name} shift, ${dayOf(shift.Start, timeZone)} ${clockOf(shift.Start, timeZone)}–${clockOf(shift.End, timeZone)}`;
