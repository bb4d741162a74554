/** The permit-cache clear form's rules (SPEC §5), for the page and the server alike. */
import { CLEARABLE_STATES, type PermitCacheClear } from '../schemas';
import { messages } from './messages';

/** Why the request is refused, or null. `today` is YYYY-MM-DD: the pickers cannot pick a later day. */
export function permitCacheRefusal(form: Pick<PermitCacheClear, 'States' | 'StartDate' | 'EndDate'>, today: string): string | null {
  if (form.States.length === 0) return messages.permitCache.stateRequired;
  if (form.States.some((s) => !(CLEARABLE_STATES as readonly string[]).includes(s))) return `Only these states can be cleared: ${CLEARABLE_STATES.join(', ')}.`;
  if (form.EndDate && !form.StartDate) return messages.permitCache.fromRequired;
  if ((form.StartDate && form.StartDate > today) || (form.EndDate && form.EndDate > today)) return messages.permitCache.future;
  if (form.StartDate && form.EndDate && !(form.StartDate < form.EndDate)) return messages.permitCache.invalidRange;
  return null;
}

/** The field a refusal belongs to on the form. */
export function refusalField(message: string): 'States' | 'StartDate' | 'EndDate' {
  if (message === messages.permitCache.fromRequired) return 'StartDate';
  if (message === messages.permitCache.invalidRange || message === messages.permitCache.future) return 'EndDate';
  return 'States';
}
