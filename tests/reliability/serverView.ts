/** What the server holds, read as an integrator would: over HTTP with the user's token, or in its database. */
import { anyPulledCollection, type ReplicaDatabase } from '../../replication/replica';
import { SYNC_PRIMARY_KEYS, type PulledCollection, type SyncPage } from '../../schemas';
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

/**
 * A user's view of one collection as the server gives it to a replica pulled from scratch, page
 * after page: each document's key with its DateChanged.
 */
export async function pulledView(apiUrl: string, token: string, collection: PulledCollection): Promise<Map<string, string>> {
  const view = new Map<string, string>();
  const key = SYNC_PRIMARY_KEYS[collection];
  let checkpoint: SyncPage['checkpoint'] = null;
  for (;;) {
    const query = new URLSearchParams({ limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
    const response = await fetch(`${apiUrl}/sync/${collection}?${query.toString()}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET /sync/${collection} answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as SyncPage;
    for (const doc of page.documents) {
      if (doc._deleted) view.delete(String(doc[key]));
      else view.set(String(doc[key]), String(doc.DateChanged));
    }
    if (page.remaining === 0) return view;
    checkpoint = page.checkpoint;
  }
}

/** The same of a device's replica. */
export async function replicaView(db: ReplicaDatabase, collection: PulledCollection): Promise<Map<string, string>> {
  const key = SYNC_PRIMARY_KEYS[collection];
  const docs = await anyPulledCollection(db, collection).find().exec();
  return new Map(docs.map((doc) => [String(doc.get(key)), String(doc.get('DateChanged'))]));
}
