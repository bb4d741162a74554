import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of `source`, `initial` until it emits. Memoise `source` (useMemo): a new
 * observable is a new subscription, and until it emits the hook answers `initial` again, so a
 * screen never shows one query's value under another's inputs.
 */
export function useObservable<T>(source: Observable<T> | null, initial: T): T {
  const [current, setCurrent] = useState<{ source: Observable<T> | null; value: T }>({ source, value: initial });
  useEffect(() => {
    if (!source) return;
    const subscription = source.subscribe({
      // The same value again (a shared query's replay of what the first render showed) renders nothing.
      next: (value) => setCurrent((shown) => (shown.source === source && Object.is(shown.value, value) ? shown : { source, value })),
      // RxDB queries fail only when the database is closed or broken: there is nothing to render
      // differently, but the cause must not vanish.
      error: (error: unknown) => console.error('A local query failed.', error),
    });
    return () => subscription.unsubscribe();
  }, [source]);
  return current.source === source ? current.value : initial;
}

/**
 * What `source` gives at once when subscribed (a shared query's last answer), else `fallback`:
 * as useObservable's `initial`, the first render shows it rather than `fallback` for a frame.
 */
export function valueNow<T>(source: Observable<T> | null, fallback: T): T {
  let value = fallback;
  source?.subscribe({ next: (next) => (value = next), error: () => undefined }).unsubscribe();
  return value;
}
