/**
 * The device's cleanup job (DESIGN.md §4.6), run by the leader tab: purges what aged out of
 * the replica's scope (domain/localCleanup.ts decides what) and prunes done outbox entries,
 * hourly (replication/sync.ts).
 */
import { selectForCleanup, type CleanupSelection } from '../domain/localCleanup';
import { pendingKeys, pruneDone } from './outbox';
import { LOCAL_DOCS, readLocal, type ReplicaDatabase } from './replica';

interface AvailableOffline {
  ids: string[];
}

/** Marks a permit to be kept on the device after it leaves the replica's scope, or unmarks it. */
export async function setAvailableOffline(db: ReplicaDatabase, permitInstanceId: string, available: boolean): Promise<void> {
  const current = new Set((await readLocal<AvailableOffline>(db, LOCAL_DOCS.availableOffline))?.ids ?? []);
  if (available) current.add(permitInstanceId);
  else current.delete(permitInstanceId);
  await db.upsertLocal<AvailableOffline>(LOCAL_DOCS.availableOffline, { ids: [...current] });
}

export async function runCleanup(db: ReplicaDatabase, now = Date.now()): Promise<CleanupSelection & { outbox: number }> {
  const [permits, workorders, drafts, isPending, kept] = await Promise.all([
    db.permits.find().exec(),
    db.workorders.find().exec(),
    db.drafts.find().exec(),
    pendingKeys(db),
    readLocal<AvailableOffline>(db, LOCAL_DOCS.availableOffline),
  ]);
  const selection = selectForCleanup(
    { permits, workorders, drafts },
    { now, keptOffline: new Set(kept?.ids ?? []), pending: isPending },
  );
  await Promise.all([
    db.permits.bulkRemove(selection.permits),
    db.workorders.bulkRemove(selection.workorders),
    db.drafts.bulkRemove(selection.drafts),
  ]);
  return { ...selection, outbox: await pruneDone(db, now) };
}
