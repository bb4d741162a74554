import { firstValueFrom, fromEvent, merge, NEVER, timer, type Observable } from 'rxjs';

/** How long to wait after failures: doubling from `baseMs`, never more than `capMs`. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/**
 * The wait before the next attempt after `failures` failures in a row. Jittered between half
 * and all of the exponential delay, so tablets that come back online together do not all
 * retry in the same second.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const full = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** Waits `ms`, or less when `wake` emits or `signal` aborts; never rejects. */
export async function pause(ms: number, signal: AbortSignal, wake: Observable<unknown> = NEVER): Promise<void> {
  if (signal.aborted) return;
  // merge, not race: a `wake` that completes without emitting must not end the wait.
  await firstValueFrom(merge(timer(Math.max(0, ms)), wake, fromEvent(signal, 'abort')));
}
