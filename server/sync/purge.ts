import type { FastifyInstance } from 'fastify';
import { DRAFT_RETENTION_DAYS } from '../../domain/constants';
import type { Database } from '../db/database';

/** Longer than any offline shift: a replica offline for less never needs a resync. */
export const TOMBSTONE_RETENTION_DAYS = 60;
/** An outbox retries for hours at most; a week covers a device left in a drawer over a weekend. */
export const IDEMPOTENCY_RETENTION_DAYS = 7;

// Locations are not purged: their tombstones are few, and the rest of the data refers to them.
const PURGEABLE = ['permits', 'drafts', 'definitions', 'workorders', 'templates', 'printers', 'location_metadata', 'remote_settings'];
// Any constant: one instance at a time runs the maintenance.
const MAINTENANCE_LOCK = 727_003;
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 6 * 60 * 60 * 1000;

export interface MaintenanceResult {
  ran: boolean;
  purgedTombstones: number;
  expiredDrafts: number;
}

/**
 * Expires drafts (SPEC §4: deleted after 7 days, as tombstones so replicas drop them), removes
 * tombstones past the retention and records the newest one removed as the purge horizon — a
 * checkpoint before it may have missed a deletion and is answered with resync — and forgets
 * old idempotency keys.
 */
export async function runSyncMaintenance(db: Database, retentionDays = TOMBSTONE_RETENTION_DAYS): Promise<MaintenanceResult> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [MAINTENANCE_LOCK]);
    if (!lock?.ok) return { ran: false, purgedTombstones: 0, expiredDrafts: 0 };
    const expired = await tx.query(
      `update drafts set deleted = true where not deleted and last_updated_on < now() - make_interval(days => $1) returning 1`,
      [DRAFT_RETENTION_DAYS],
    );
    let purged = 0;
    for (const table of PURGEABLE) {
      const [gone] = await tx.query<{ n: number }>(
        `with gone as (delete from ${table} where deleted and date_changed < now() - make_interval(days => $1) returning date_changed),
              horizon as (update sync_purge set horizon = greatest(horizon, (select max(date_changed) from gone)) returning 1)
         select count(*)::int as n from gone`,
        [retentionDays],
      );
      purged += gone?.n ?? 0;
    }
    await tx.query('delete from idempotency_keys where created_at < now() - make_interval(days => $1)', [IDEMPOTENCY_RETENTION_DAYS]);
    return { ran: true, purgedTombstones: purged, expiredDrafts: expired.length };
  });
}

/**
 * Gives the embedded PGlite's planner statistics. PGlite runs no autovacuum, so without this its
 * tables are never analysed and every pull is planned blind: a live pull of permits then walks
 * the whole 5,000-permit scope by nested loop (~40 ms a pull instead of ~10 ms), and each change
 * wakes such a pull in every client (npm run bench: a drain of queued edits ran ~3× slower).
 * PostgreSQL's autovacuum does this by itself.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  if (db.kind === 'pglite') await db.exec('analyze');
}

/**
 * Runs the maintenance a minute after the server is ready (not in the way of start-up), then every
 * six hours; a run under way finishes before the server closes. PGlite's statistics are refreshed
 * at once (a restart after a bulk load finds none) and after each run.
 */
export function scheduleSyncMaintenance(app: FastifyInstance, db: Database): void {
  let running: Promise<unknown> = Promise.resolve();
  const queue = (work: () => Promise<unknown>, what: string) => {
    running = running.then(work).catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
  };
  const run = () => {
    queue(() => runSyncMaintenance(db), 'sync maintenance');
    queue(() => refreshPlannerStatistics(db), 'analyze');
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    queue(() => refreshPlannerStatistics(db), 'analyze');
    timers.push(setTimeout(run, FIRST_RUN_MS), setInterval(run, EVERY_MS));
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}
