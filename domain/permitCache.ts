/** The permit-cache clear form's rules (SPEC §5), for the page and the server alike. */
import type { PermitCacheClear } from '../schemas';
import { messages } from './messages';

/** Every state but DRAFT: drafts live on their author's device and are not a cache (SPEC §5). */
export const CLEARABLE_STATES = ['PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT', 'REJECTED', 'COMPLETED', 'REVOKED'] as const;

/** Why the request is refused, or null. `today` is YYYY-MM-DD: the pickers cannot pick a later day. */
export function permitCacheRefusal(form: Pick<PermitCacheClear, 'States' | 'StartDate' | 'EndDate'>, today: string): string | null {
  if (form.States.length === 0) return messages.permitCache.stateRequired;
  if (form.States.some((s) => !(CLEARABLE_STATES as readonly string[]).includes(s))) return `Only these states can be cleared: ${CLEARABLE_STATES.join(', ')}.`;
  if (form.EndDate && !form.StartDate) return messages.permitCache.fromRequired;
  if ((form.StartDate && form.StartDate > today) || (form.EndDate && form.EndDate > today)) return messages.permitCache.future;
  if (form.StartDate && form.EndDate && !(form.StartDate < form.EndDate)) return messages.permitCache.invalidRange;
  return null;
}
