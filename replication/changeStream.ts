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
}

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
    try {
      const response = await options.http.open('GET', '/sync/stream', undefined, { signal, headers: { Accept: 'text/event-stream' } });
      failures = 0;
      emit({ kind: 'connected' });
      await readChanges(response, signal, emit);
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
    }
    await pause(backoffDelay(failures, options.backoff), signal, backOnline);
  }
}

async function readChanges(response: Response, signal: AbortSignal, emit: (signal: StreamSignal) => void): Promise<void> {
  if (!response.body) return;
  const parser = new SseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      for (const event of parser.push(value)) {
        if (event.event !== 'change') continue;
        const collections = parseCollections(event.data);
        if (collections.length > 0) emit({ kind: 'change', collections });
      }
    }
  } finally {
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
