import { shiftPatternProblem } from '../../../domain/handover/shifts';
import { appendToOutbox } from '../../../replication/outbox';
import type { OutboxEntry, ShiftPatternBody } from '../../../schemas';
import type { ReplicaDatabase } from '../../../replication/replica';

/**
 * A site's shifts and revalidation setting, through the outbox like every write: the server keeps
 * them as the remote setting (`shifts:<site>`) the site data brings to every device. A pattern
 * that cannot tell which shift an instant is in is refused here first, in the server's words.
 */
export async function saveShiftSettings(w: { db: ReplicaDatabase; owner: string }, siteId: number, body: ShiftPatternBody, siteName: string): Promise<string | OutboxEntry> {
  const problem = shiftPatternProblem(body);
  if (problem) return problem;
  return appendToOutbox(w.db, w.owner, { method: 'PUT', path: `/handover/shifts?SiteId=${siteId}`, body, label: `Change the shifts and handover revalidation of ${siteName}` });
}
