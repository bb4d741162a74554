/**
 * The live change stream (DESIGN.md §4.4): GET /sync/stream read with fetch, because an
 * EventSource cannot send the bearer token. It says which collections changed; the pulls fetch
 * the documents.
 */
import { Observable, distinctUntilChanged, filter, pairwise, share } from 'rxjs';
import { PULLED_COLLECTIONS, type PulledCollection, type SyncChangeEvent } from '../schemas';
import { backoffDelay, pause, type BackoffPolicy } from './backoff';
import { ApiError, type HttpClient } from './http';
import { SseParser } from './sse';

/** `connected`: the stream (re)opened, and changes may have been missed meanwhile. */
export type StreamSignal = { kind: 'connected' } | { kind: 'change'; collections: PulledCollection[] };

export interface ChangeStreamOptions {
  http: HttpClient;
  backoff: BackoffPolicy;
  /** Emits when the device is back online: reconnect now rather than at the end of the backoff. */
  online$: Observable<boolean>;
  /** The server wants a new sign-in: resolves once the user has signed in again (or the stream is dropped). */
  untilSignedIn(signal: AbortSignal): Promise<void>;
  onSignInNeeded(): Promise<void>;
  onError?(error: unknown): void;
  /** A stream that was open ended (an error, the server, the network): changes are not heard until it is open again. */
  onDisconnected?(): void;
  /** A stream silent this long is taken as dead and opened again (default SILENT_STREAM_MS). */
  silentMs?: number;
}

/**
 * The server writes a heartbeat every 25 s (server/sync/stream.ts): a stream silent for longer is
 * dead without having said so (a network gone under a half-open connection), and a wall display
 * would wait on it for good. It is dropped and opened again.
 */
export const SILENT_STREAM_MS = 60_000;

/**
 * One connection however many subscribe (share), opened with the first subscriber and closed
 * with the last. It reconnects forever with backoff: after an error, after the server ends it
 * (its token expired, it restarted) and after the device was offline.
 */
export function changeStream(options: ChangeStreamOptions): Observable<StreamSignal> {
  return new Observable<StreamSignal>((subscriber) => {
    const abort = new AbortController();
    void connectLoop(options, abort.signal, (signal) => subscriber.next(signal));
    return () => abort.abort();
  }).pipe(share());
}

async function connectLoop(options: ChangeStreamOptions, signal: AbortSignal, emit: (signal: StreamSignal) => void): Promise<void> {
  // Only a change from offline to online cuts the wait short, not being online already.
  const backOnline = options.online$.pipe(
    distinctUntilChanged(),
    pairwise(),
    filter(([was, is]) => !was && is),
  );
  let failures = 0;
  while (!signal.aborted) {
    // One attempt's own abort: the caller's, or the silence watchdog's.
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop, { once: true });
    let connected = false;
    try {
      const response = await options.http.open('GET', '/sync/stream', undefined, { signal: attempt.signal, headers: { Accept: 'text/event-stream' } });
      failures = 0;
      connected = true;
      emit({ kind: 'connected' });
      await readChanges(response, attempt, emit, options.silentMs ?? SILENT_STREAM_MS);
      failures = 1; // ended by the server: come back soon, but never in a tight loop
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status === 401) {
        await options.onSignInNeeded();
        await options.untilSignedIn(signal);
        continue;
      }
      options.onError?.(error);
      failures += 1;
    } finally {
      signal.removeEventListener('abort', stop);
      if (connected && !signal.aborted) options.onDisconnected?.();
    }
    await pause(backoffDelay(failures, options.backoff), signal, backOnline);
  }
}

async function readChanges(response: Response, attempt: AbortController, emit: (signal: StreamSignal) => void, silentMs: number): Promise<void> {
  if (!response.body) return;
  const parser = new SseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // Dropped by aborting the request and cancelling the read, which ends a read that waits (whatever the fetch does with the abort).
  const drop = () => {
    attempt.abort();
    void reader.cancel().catch(() => undefined);
  };
  let silence = setTimeout(drop, silentMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || attempt.signal.aborted) return;
      clearTimeout(silence);
      silence = setTimeout(drop, silentMs);
      for (const event of parser.push(value)) {
        if (event.event !== 'change') continue;
        const collections = parseCollections(event.data);
        if (collections.length > 0) emit({ kind: 'change', collections });
      }
    }
  } finally {
    clearTimeout(silence);
    await reader.cancel().catch(() => undefined);
  }
}

/** The collections of a `change` event we know of; a malformed event is ignored, not fatal. */
function parseCollections(data: string): PulledCollection[] {
  try {
    const { collections } = JSON.parse(data) as Partial<SyncChangeEvent>;
    const known: readonly string[] = PULLED_COLLECTIONS;
    return Array.isArray(collections) ? collections.filter((c): c is PulledCollection => known.includes(c)) : [];
  } catch {
    return [];
  }
}
