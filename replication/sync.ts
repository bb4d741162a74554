/**
 * The replica's engine: the pulls of every collection, the live change stream, the outbox and
 * the cleanup. Every tab starts it; only the leader tab (RxDB leader election) runs it, and the
 * others see its work through the shared database and its status through local documents.
 */
import { exhaustMap, filter, firstValueFrom, from, map, race, Subject, take, timer, type Observable, type Subscription } from 'rxjs';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { PULLED_COLLECTIONS, type Checkpoint, type PulledCollection } from '../schemas';
import type { BackoffPolicy } from './backoff';
import { changeStream, type StreamSignal } from './changeStream';
import type { EventLog } from './eventLog';
import { http as appHttp, type HttpClient } from './http';
import { startOutboxProcessor, type OutboxProcessor } from './outboxProcessor';
import { keepPlotPlansOnDevice } from './plotPlanPrefetch';
import { pullHandler, type PullContext } from './pull';
import type { PulledDocuments, ReplicaDatabase } from './replica';
import { browserOnline$ } from './syncStatus';
import { markSignInNeeded, pullRequests$, resetStreamState, untilSignedIn, writeStreamState } from './syncState';

/** Documents per pull request: large pages make the first sync of thousands of permits quick. */
export const PULL_BATCH_SIZE = 1000;

/**
 * Pulled first: sitedata (small, and the app cannot open without it) and permits (what the user
 * came for). The others start once the permits' last page is being stored, the plot plan images once
 * the permits are stored — or at once when that pull fails (offline), or after OTHERS_WAIT_MS.
 * Pulled all at once, every collection shares the server, the main thread and IndexedDB: on
 * the bench the permits then took 2.2× as long, and the whole replica no less (the approvals
 * were then a collection of one document per permit; they are in the permits now). Starting
 * the others' replications with the permits and holding their pulls back cost the permits ~15%
 * (RxDB opening five storages); so did starting them once the permits' last page was read, while
 * the pages before it were still being written (a pull writes a page while the one before commits).
 */
const FIRST: readonly PulledCollection[] = ['sitedata', 'permits'];
const OTHERS_WAIT_MS = 10_000;

/**
 * The first cleanup waits this long after the engine starts: at the start the main thread belongs
 * to the first screen (an offline cold start shows the dashboard in a second on a slow tablet).
 * It runs hourly, so a minute changes nothing else; its code loads when it first runs, not with
 * the first screen.
 */
const FIRST_CLEANUP_DELAY_MS = 60_000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * While the outbox sends request after request, most changes the stream tells are the device's
 * own: a pull after each brought it back while the next request waited for the server (a drain
 * of 1,000 queued edits over 200 permits made ~110 permit pulls, as much of the server's time
 * as the edits). A change told meanwhile is pulled once the outbox is done, or after this long
 * at most, so others' changes still arrive during a long drain. An idle outbox holds nothing.
 */
export const PULL_HOLD_WHILE_SENDING_MS = 1000;

export interface SyncOptions {
  db: ReplicaDatabase;
  /** Email of the signed-in user: their outbox entries are sent, with their token. */
  owner: string;
  /** Default: the app's client (this origin's /api, the session's token). */
  http?: HttpClient;
  /** Default: the browser's online and offline events. */
  online$?: Observable<boolean>;
  /** Default: 1 s doubling to 60 s for the outbox, to 30 s for the stream. */
  backoff?: { outbox: BackoffPolicy; stream: BackoffPolicy };
  /** Milliseconds RxDB waits before pulling again after a failed pull (default 5000). */
  pullRetryMs?: number;
  log?: EventLog;
  now?: () => number;
  /** The collections pulled (default: every one). The bench times a replica pulling its permits alone. */
  collections?: readonly PulledCollection[];
  /** The engine starts once this settles (default: at once); the app's first screen goes first (src/db/localFirst.ts). */
  after?: Promise<unknown>;
}

export interface SyncEngine {
  /** Stops everything this tab runs (pending entries stay queued for the next start). */
  stop(): Promise<void>;
}

const DEFAULT_BACKOFF = { outbox: { baseMs: 1000, capMs: 60_000 }, stream: { baseMs: 1000, capMs: 30_000 } };

/** Starts the engine for `owner`; in a tab that is not the leader it waits, ready to take over. */
export function startSync(options: SyncOptions): SyncEngine {
  let stopped = false;
  let running: { stop(): Promise<void> } | null = null;
  Promise.resolve(options.after)
    // Stopped meanwhile, the database may be closed: no leader election on it.
    .then(() => (stopped ? false : options.db.waitForLeadership()))
    .then(() => {
      if (!stopped) running = runAsLeader(options);
    })
    // The database was closed while this tab waited to lead: nothing to run.
    .catch(() => undefined);
  return {
    async stop() {
      stopped = true;
      await running?.stop();
    },
  };
}

function runAsLeader(options: SyncOptions): { stop(): Promise<void> } {
  const { db, log } = options;
  const http = options.http ?? appHttp;
  const online$ = options.online$ ?? browserOnline$();
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const now = options.now ?? Date.now;
  const abort = new AbortController();
  let online = true;
  // Failures while the device is offline are expected, and would only crowd out the rest of the log.
  const warn = (message: string) => (error: unknown) => {
    if (online) log?.log('warn', message, { error: error instanceof Error ? error.message : String(error) });
  };

  // The stream's state is written after this, so a 'connected' is never overwritten by it.
  const reset = resetStreamState(db).catch(warn('The stream state could not be kept.'));
  const stream$ = changeStream({
    http,
    backoff: backoff.stream,
    online$,
    onSignInNeeded: () => markSignInNeeded(db),
    untilSignedIn: (signal) => untilSignedIn(db, signal),
    onError: warn('The change stream failed; reconnecting.'),
    onDisconnected: () => {
      const at = now();
      void reset.then(() => writeStreamState(db, { connected: false, at })).catch(warn('The stream state could not be kept.'));
    },
  });
  const lastPage$ = new Subject<PulledCollection>();
  const pullContext: PullContext = { db, http, signal: abort.signal, now, onLastPage: (collection) => lastPage$.next(collection) };
  const outbox: OutboxProcessor = startOutboxProcessor({
    db,
    http,
    owner: options.owner,
    online$,
    backoff: backoff.outbox,
    now,
    onRefused: (entry, message) => log?.log('warn', 'The server refused a queued change.', { path: entry.path, message }),
    onError: warn('The outbox could not be processed.'),
  });
  const outboxIdle$ = race(outbox.sending$.pipe(filter((sending) => !sending)), timer(PULL_HOLD_WHILE_SENDING_MS)).pipe(take(1));
  const replications = (options.collections ?? PULLED_COLLECTIONS).map((collection) => replicate(options, pullContext, collection, stream$, outboxIdle$));
  const cleanup = () =>
    void import('./cleanup')
      .then(({ runCleanup }) => runCleanup(db, now()))
      .catch(warn('The local cleanup failed.'));
  let cleanupTimer = setTimeout(function runAndRepeat() {
    cleanup();
    cleanupTimer = setTimeout(runAndRepeat, CLEANUP_INTERVAL_MS);
  }, FIRST_CLEANUP_DELAY_MS);
  // The stream (re)connected: the server is reachable again, so what waits for it need not sit out a backoff.
  const connected$ = stream$.pipe(filter((signal) => signal.kind === 'connected'));
  const subscriptions: Subscription[] = [
    online$.subscribe((value) => (online = value)),
    connected$.subscribe(() => {
      outbox.kick();
      const at = now();
      void reset.then(() => writeStreamState(db, { connected: true, at })).catch(warn('The stream state could not be kept.'));
    }),
    pullRequests$(db).subscribe(() => {
      for (const replication of replications) replication.reSync();
      outbox.kick();
    }),
    ...replications.map((r) => r.error$.subscribe(warn(`Pulling ${r.collection.name} failed; retrying.`))),
  ];
  const startPulls = () => {
    const permits = replications.find((r) => r.collection.name === 'permits');
    const later = permits ? replications.filter((r) => !FIRST.includes(r.collection.name as PulledCollection)) : [];
    for (const r of replications) if (!later.includes(r)) void r.start();
    if (!permits) return;
    // The server is done with the permits, and the main thread with copying them into IndexedDB,
    // once their last page is being stored: the others' first pages are prepared while it commits.
    void firstValueFrom(race(lastPage$.pipe(filter((collection) => collection === 'permits')), permits.error$, timer(OTHERS_WAIT_MS)))
      .catch(() => undefined)
      .then(() => {
        if (!abort.signal.aborted) for (const r of later) void r.start();
      });
    // The plot plan images wait for the permits to be stored; a reconnection retries those that failed.
    void firstValueFrom(race(from(permits.awaitInitialReplication()), permits.error$, timer(OTHERS_WAIT_MS)))
      .catch(() => undefined)
      .then(() => {
        if (!abort.signal.aborted) subscriptions.push(keepPlotPlansOnDevice({ db, http, signal: abort.signal, retry$: connected$ }));
      });
  };
  // Offline there is nothing to pull: the replications (their storage, checkpoints and first
  // reads) start with the first connection, and leave an offline start's main thread to the screens.
  subscriptions.push(online$.pipe(filter(Boolean), take(1)).subscribe(startPulls));

  return {
    async stop() {
      abort.abort();
      clearTimeout(cleanupTimer);
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.all([outbox.stop(), ...replications.map((r) => r.cancel())]);
    },
  };
}

/** What the engine does with a replication, whatever its collection's document type. */
type Replication = Pick<RxReplicationState<unknown, Checkpoint>, 'start' | 'reSync' | 'cancel' | 'error$' | 'awaitInitialReplication'> & { collection: { name: string } };

/** A pull-only, live replication of one collection, woken by the stream once `outboxIdle$` emits. */
function replicate<C extends PulledCollection>(options: SyncOptions, context: PullContext, collection: C, stream$: Observable<StreamSignal>, outboxIdle$: Observable<unknown>): Replication {
  // The context of RxDB's own pull writes: the pages the handler stores carry it (pull.ts). Read
  // once RxDB calls the handler, when the replication has started.
  const ownWrites = () => replication.internalReplicationState!.downstreamBulkWriteFlag;
  const replication = replicateRxCollection<PulledDocuments[C], Checkpoint>({
    replicationIdentifier: `openpermit-sync-${collection}`,
    collection: options.db[collection],
    pull: {
      handler: pullHandler(context, collection, ownWrites),
      batchSize: PULL_BATCH_SIZE,
      // Every (re)connection may have missed changes, and a change names collections, not
      // documents: either way the collection pulls from its checkpoint ('RESYNC').
      stream$: stream$.pipe(
        filter((s) => s.kind === 'connected' || s.collections.includes(collection)),
        // Signals told while it waits are dropped: the pull it lets through starts after them.
        exhaustMap(() => outboxIdle$),
        map(() => 'RESYNC' as const),
      ),
    },
    live: true,
    retryTime: options.pullRetryMs ?? 5000,
    // The engine starts only in the leader tab already.
    waitForLeadership: false,
    autoStart: false,
  });
  return replication;
}
