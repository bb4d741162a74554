import type { Overlaid } from '../../../replication/outboxOverlay';
import type { GasSettings, Permit, PermitGasTests } from '../../../schemas';
import { gasStatus } from './gasStatus';

export interface GasOnCard {
  suspended: boolean;
  /** "Gas test due at 01:30" / "Gas test overdue by 12 min", or null. */
  retest: string | null;
}

const NOTHING: GasOnCard = { suspended: false, retest: null };

/** What a permit's card says of its gas tests: the Suspended badge and the retest line, as its page works them out. */
export function gasOnCard(permit: Permit, all: { tests: ReadonlyMap<string, Overlaid<PermitGasTests>>; settingsOf(siteId: number): GasSettings } | undefined, now: Date): GasOnCard {
  const tests = all?.tests.get(permit.PermitInstanceId)?.doc;
  if (!all || !tests || permit.State !== 'APPROVED') return NOTHING;
  const status = gasStatus(permit, tests, all.settingsOf(permit.SiteId), now);
  return { suspended: status.stopped !== null, retest: status.retest };
}
