/**
 * Sends the outbox (DESIGN.md §4.3), in the leader tab only: one request at a time in queue
 * order, each with its id as the Idempotency-Key, so a resend after a lost answer is
 * recognised by the server and never applied twice. Content edits of one permit are merged
 * into one request (outboxBatch.ts).
 */
import { BehaviorSubject, distinctUntilChanged, Subject, type Observable } from 'rxjs';
import { MADE_AT_HEADER, type OutboxEntry } from '../schemas';
import { backoffDelay, pause, type BackoffPolicy } from './backoff';
import { ApiError, type HttpClient } from './http';
import { batchBody, planBatches, type OutboxBatch } from './outboxBatch';
import type { ReplicaDatabase } from './replica';
import { markSignInNeeded, untilSignedIn } from './syncState';

/** What an answer means for the entry that got it. */
export type SendOutcome = 'done' | 'retry' | 'sign-in' | 'refused';

/**
 * Statuses that say "not now" rather than "no": timeout, too early, rate limit or a resend while
 * the first is still in flight (429 with Retry-After). A 409 is a conflict: refused.
 */
const TRANSIENT = new Set([408, 425, 429]);

/** Nothing to send or no connection: look again after this long even if nothing woke us. */
const IDLE_RECHECK_MS = 60_000;

/**
 * The outcome of an attempt. `status` is the HTTP status, 0 when no answer arrived; `attempts`
 * counts this one. 401 reaches here only after a token renewal failed.
 */
export function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 0 || status >= 500 || TRANSIENT.has(status)) return 'retry';
  if (status === 401) return 'sign-in';
  return 'refused';
}

/**
 * When the user made the change a request carries, for the audit trail's device time: a change
 * sent after an offline shift reaches the server hours after it was made. A merge of several
 * edits gives its last one's: by then every value it sends had been entered, where the first
 * edit's time would date the later values before anyone typed them.
 */
export const madeAt = (entries: readonly OutboxEntry[]): string => entries.at(-1)!.createdAt;

export interface OutboxProcessorOptions {
  db: ReplicaDatabase;
  http: HttpClient;
  /** Only this user's entries are sent, with their token. */
  owner: string;
  online$: Observable<boolean>;
  backoff: BackoffPolicy;
  now?: () => number;
  random?: () => number;
  /** Told of each refusal (the client event log records it). */
  onRefused?(entry: OutboxEntry, message: string): void;
  /** Told of a failure of the device itself (storage); the queue goes on after a pause. */
  onError?(error: unknown): void;
}

export interface OutboxProcessor {
  /** Sends the head of the queue now, even if its backoff has not run out (the refresh button). */
  kick(): void;
  /** True while it sends request after request; false while the queue waits (empty, offline, backing off). */
  readonly sending$: Observable<boolean>;
  /** Stops after the request in flight, if any, is abandoned; it stays pending and is resent later. */
  stop(): Promise<void>;
}

export function startOutboxProcessor(options: OutboxProcessorOptions): OutboxProcessor {
  const { db, http, owner } = options;
  const now = options.now ?? Date.now;
  const abort = new AbortController();
  const signal = abort.signal;
  const wake = new Subject<void>();
  let online = true;
  let woken = false;
  let skipBackoff = false;
  /** The requests still to send, in order; null to read the queue again. */
  let plan: OutboxBatch[] | null = null;
  /**
   * The write recording the last answer. The next request goes out while it is written (a drain
   * waited for each write before): the server's answer is what counts, and an entry whose write
   * failed is sent again with the same Idempotency-Key, which the server recognises. Awaited with
   * the next answer, before the queue is read again and before it waits.
   */
  let settling: Promise<void> = Promise.resolve();
  const sending = new BehaviorSubject(false);
  const notify = () => {
    woken = true;
    wake.next();
  };
  const subscriptions = [
    options.online$.subscribe((value) => {
      online = value;
      if (value) notify();
    }),
    // Appends from any tab, retries and sign-in changes all show up here.
    db.outbox.$.subscribe((change) => {
      // An entry added or taken away (append, retry, dismiss, cleanup) changes the plan; marking sent ones does not.
      if (change.operation !== 'UPDATE') plan = null;
      notify();
    }),
  ];

  /**
   * Records the server's answer to a request: the whole merge in one write. A refused merge goes
   * to "Not synced" whole: the server may have kept part of it (a content update with closed
   * fields set back); each edit retries on its own.
   */
  async function settle(entries: OutboxEntry[], outcome: 'done' | 'refused', message: string): Promise<void> {
    const settled = outcome === 'done' ? { status: outcome, doneAt: now(), lastError: null } : { status: outcome, lastError: message };
    const docs = await db.outbox.findByIds(entries.map((e) => e.id)).exec();
    await db.outbox.bulkUpsert([...docs.values()].map((doc) => ({ ...doc.toMutableJSON(), ...settled, attempts: doc.attempts + 1 })));
    if (outcome === 'refused') for (const entry of entries) options.onRefused?.(entry, message);
  }

  async function send(batch: OutboxBatch): Promise<void> {
    const { entries, key } = batch;
    const body = await batchBody(batch);
    const head = entries[0]!;
    const attempts = head.attempts + 1;
    let status: number;
    let message = '';
    let serverWait: number | undefined;
    try {
      const headers = { 'Idempotency-Key': key, [MADE_AT_HEADER]: madeAt(entries) };
      const response = await http.open(head.method, head.path, body, { signal, headers });
      await response.text(); // the pull brings the new state; reading frees the connection
      status = response.status;
    } catch (error) {
      if (signal.aborted) return;
      status = error instanceof ApiError ? error.status : 0;
      serverWait = error instanceof ApiError ? error.retryAfterMs : undefined;
      message = error instanceof Error ? error.message : String(error);
    }
    const outcome = outcomeOf(status);
    if (outcome === 'done' || outcome === 'refused') {
      plan?.shift();
      // The answer before this one, written while this request was out.
      await settling;
      settling = settle(entries, outcome, message);
      // Awaited with the next answer or before the queue waits; until then not unhandled.
      settling.catch(() => undefined);
      return;
    }
    plan = null;
    const doc = await db.outbox.findOne(head.id).exec();
    if (!doc) return;
    if (outcome === 'retry') {
      // The server's Retry-After, when it gave one, says when it expects to be ready: sooner is wasted, later is idle.
      const wait = serverWait ?? backoffDelay(attempts, options.backoff, options.random);
      await doc.incrementalPatch({ attempts, lastError: message, nextAttemptAt: now() + wait });
    } else {
      await doc.incrementalPatch({ lastError: message });
      sending.next(false); // the queue waits for the sign-in
      await markSignInNeeded(db);
    }
  }

  async function loop(): Promise<void> {
    while (!signal.aborted) {
      try {
        await step();
      } catch (error) {
        if (signal.aborted) return;
        // The queue is read again: an entry whose answer was not recorded is sent again.
        plan = null;
        settling = Promise.resolve();
        options.onError?.(error);
        sending.next(false);
        await pause(backoffDelay(1, options.backoff), signal);
      }
    }
  }

  /** One look at the head of the queue: send it, or wait until it is due or something changes. */
  async function step(): Promise<void> {
    await untilSignedIn(db, signal);
    woken = false;
    if (!plan) {
      await settling;
      const queue = await db.outbox.find({ selector: { owner, status: 'pending' }, sort: [{ seq: 'asc' }] }).exec();
      plan = planBatches(queue.map((doc) => doc.toMutableJSON()));
    }
    if (signal.aborted) return;
    const next = plan[0];
    const wait = next ? (skipBackoff ? 0 : next.entries[0]!.nextAttemptAt - now()) : IDLE_RECHECK_MS;
    if (!next || !online || wait > 0) {
      await settling;
      // Strict order: while the head waits, everything behind it waits too.
      sending.next(false);
      if (!woken) await pause(online ? Math.min(wait, IDLE_RECHECK_MS) : IDLE_RECHECK_MS, signal, wake);
      return;
    }
    skipBackoff = false;
    sending.next(true);
    await send(next);
  }

  const running = loop();
  return {
    kick() {
      skipBackoff = true;
      notify();
    },
    sending$: sending.pipe(distinctUntilChanged()),
    async stop() {
      abort.abort();
      for (const subscription of subscriptions) subscription.unsubscribe();
      await running;
      await settling.catch(() => undefined);
      sending.next(false);
    },
  };
}
