/**
 * One device's replica sync as replication/sync.ts runs it, without the browser's database:
 * the change stream held open (the app's own changeStream), and per collection RxDB's
 * replication loop — pull from the checkpoint until a page says nothing remains, once on
 * every (re)connection and once per change event naming the collection; events arriving
 * while a pull runs fold into one more pull after it; a failed pull is tried again after 5 s.
 * Of the documents it keeps only what the run checks: each permit's fields set by writers.
 */
import type { Histogram } from 'hdr-histogram-js';
import { BehaviorSubject, type Subscription } from 'rxjs';
import { PULLED_COLLECTIONS, type Checkpoint, type PulledCollection, type SyncPage } from '../../schemas';
import { changeStream } from '../../replication/changeStream';
import type { HttpClient } from '../../replication/http';
import { PULL_BATCH_SIZE } from '../../replication/sync';
import type { Refusals } from './tally';

/** RxDB's retryTime as the engine sets it. */
const PULL_RETRY_MS = 5000;
/** The field each writer sets in a permit's content: `loadW${writer}`. */
export const WRITER_FIELD = /^loadW\d+$/;

export interface PullRecorder {
  /** Pages of a first sync (from no checkpoint to the end). */
  firstSync: Histogram;
  /** Every other page: catching up after a change event. */
  live: Histogram;
  /** Of those, from the request to its answer's headers, as this process saw it. */
  liveHeaders: Histogram;
  refusals: Refusals;
  /** Stream connections that failed or ended. */
  streamFailures: Refusals;
  pulls: number;
  events: number;
}

interface CollectionLoop {
  checkpoint: Checkpoint | undefined;
  running: Promise<void> | null;
  again: boolean;
  synced: boolean;
}

export class Puller {
  /** Permit id → the writers' fields it holds, as last pulled. */
  readonly permits = new Map<string, Map<string, string>>();
  private readonly loops = new Map<PulledCollection, CollectionLoop>(
    PULLED_COLLECTIONS.map((c) => [c, { checkpoint: undefined, running: null, again: false, synced: false }]),
  );
  private readonly abort = new AbortController();
  private subscription: Subscription | null = null;
  private retries = new Set<NodeJS.Timeout>();

  constructor(
    private readonly http: HttpClient,
    private readonly recorder: PullRecorder,
  ) {}

  start(): void {
    const stream$ = changeStream({
      http: this.http,
      backoff: { baseMs: 1000, capMs: 30_000 },
      online$: new BehaviorSubject(true),
      onSignInNeeded: async () => this.recorder.streamFailures.add('401 sign-in needed'),
      untilSignedIn: (signal) => new Promise((resolve) => (signal.aborted ? resolve() : setTimeout(resolve, 1000))),
      onError: (error) => this.recorder.streamFailures.count(error),
    });
    this.subscription = stream$.subscribe((signal) => {
      if (signal.kind === 'change') this.recorder.events += 1;
      for (const collection of signal.kind === 'connected' ? PULLED_COLLECTIONS : signal.collections) this.wake(collection);
    });
  }

  /** Every collection has pulled to its end at least once. */
  get synced(): boolean {
    return [...this.loops.values()].every((loop) => loop.synced);
  }

  /** No pull running or waiting to run. */
  get idle(): boolean {
    return [...this.loops.values()].every((loop) => loop.running === null && !loop.again) && this.retries.size === 0;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.subscription?.unsubscribe();
    for (const timer of this.retries) clearTimeout(timer);
    await Promise.all([...this.loops.values()].map((loop) => loop.running));
  }

  private wake(collection: PulledCollection): void {
    const loop = this.loops.get(collection)!;
    if (loop.running) {
      loop.again = true;
      return;
    }
    loop.running = (async () => {
      do {
        loop.again = false;
        try {
          await this.pullToEnd(collection, loop);
          loop.synced = true;
        } catch (error) {
          if (this.abort.signal.aborted) return;
          this.recorder.refusals.count(error);
          const timer = setTimeout(() => {
            this.retries.delete(timer);
            this.wake(collection);
          }, PULL_RETRY_MS);
          this.retries.add(timer);
          return;
        }
      } while (loop.again && !this.abort.signal.aborted);
    })().finally(() => (loop.running = null));
  }

  private async pullToEnd(collection: PulledCollection, loop: CollectionLoop): Promise<void> {
    const histogram = loop.checkpoint === undefined ? this.recorder.firstSync : this.recorder.live;
    for (;;) {
      const query = new URLSearchParams({ limit: String(PULL_BATCH_SIZE) });
      if (loop.checkpoint) query.set('checkpoint', JSON.stringify(loop.checkpoint));
      const started = performance.now();
      const response = await this.http.open('GET', `/sync/${collection}?${query.toString()}`, undefined, { signal: this.abort.signal });
      if (histogram === this.recorder.live) this.recorder.liveHeaders.recordValue(Math.max(1, Math.round((performance.now() - started) * 1000)));
      const page = JSON.parse(await response.text()) as SyncPage;
      histogram.recordValue(Math.max(1, Math.round((performance.now() - started) * 1000)));
      this.recorder.pulls += 1;
      if (page.resync) {
        // The scope moved: the replica starts the collection again.
        loop.checkpoint = undefined;
        if (collection === 'permits') this.permits.clear();
        continue;
      }
      if (collection === 'permits') this.keep(page.documents);
      loop.checkpoint = page.checkpoint ?? loop.checkpoint;
      if (page.remaining === 0) return;
    }
  }

  private keep(documents: SyncPage['documents']): void {
    for (const doc of documents) {
      const id = String(doc.PermitInstanceId);
      if (doc._deleted === true) {
        this.permits.delete(id);
        continue;
      }
      const fields = new Map<string, string>();
      for (const form of Object.values((doc.ContentJSON ?? {}) as Record<string, unknown>)) {
        if (typeof form !== 'object' || form === null) continue;
        for (const [key, value] of Object.entries(form)) if (WRITER_FIELD.test(key)) fields.set(key, String(value));
      }
      this.permits.set(id, fields);
    }
  }
}
