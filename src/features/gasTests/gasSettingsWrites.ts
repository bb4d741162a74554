import { settingsProblem } from '../../../domain/gasTests/limits';
import { appendToOutbox } from '../../../replication/outbox';
import type { GasSettings, OutboxEntry } from '../../../schemas';
import type { GasWriter } from './gasTestWrites';

/**
 * A site's gas test settings, through the outbox like every write: the server keeps them as the
 * remote setting the site data brings to every device. A set of rules that could not judge a
 * reading is refused here first, in the server's words.
 */
export async function saveGasSettings(w: Pick<GasWriter, 'db' | 'owner'>, settings: GasSettings, siteName: string): Promise<string | OutboxEntry> {
  const { SiteId, ...body } = settings;
  if (!Number.isInteger(body.GateMinutes) || body.GateMinutes < 1) return 'Give the approval gate as a whole number of minutes, at least 1.';
  const slow = body.Types.find((t) => !Number.isInteger(t.RetestMinutes) || t.RetestMinutes < 5);
  if (slow) return `Give the retest interval of ${slow.PermitType} as a whole number of minutes, at least 5.`;
  const problem = settingsProblem(body);
  if (problem) return problem;
  return appendToOutbox(w.db, w.owner, { method: 'PUT', path: `/gastests/settings?SiteId=${SiteId}`, body, label: `Change the gas test limits and retests of ${siteName}` });
}
