/** What the server holds, read as an integrator would: over HTTP with the user's token, or in its database. */
import type { Database } from '../../server/db/database';

export interface ServerPermit {
  PermitInstanceId: string;
  State: string;
  ContentJSON: Record<string, Record<string, unknown>>;
  DateChanged: string;
}

/** GET /permitinstance; null when the server answers 404. */
export async function permitOnServer(serverUrl: string, token: string, id: string): Promise<ServerPermit | null> {
  const response = await fetch(`${serverUrl}/api/permitinstance?PermitInstanceId=${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /permitinstance answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ServerPermit;
}

/** How many times each action was recorded for a permit in the audit log (its history of events). */
export async function eventsOf(db: Database, id: string): Promise<Record<string, number>> {
  const rows = await db.query<{ action: string; n: number }>(
    `select action, count(*)::int as n from audit_log where detail ->> 'PermitInstanceId' = $1 group by action order by action`,
    [id],
  );
  return Object.fromEntries(rows.map((row) => [row.action, row.n]));
}
