import { useCallback, useEffect, useState } from 'react';

/** What a screen knows about data it asked the server for. */
export interface Loaded<T> {
  /** The last data that arrived; kept while a reload runs, so the screen does not flash empty. */
  data: T | undefined;
  /** Why the last load failed (the server's or the network's sentence), else null. */
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` now, whenever it changes (memoise it with useCallback on its inputs) and on
 * `reload()`. An answer that arrives after the inputs changed is dropped.
 */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: undefined, error: null, loading: true });

  useEffect(() => {
    let cancelled = false;
    setState((current) => ({ ...current, loading: true }));
    load().then(
      (data) => !cancelled && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        !cancelled &&
        setState((current) => ({
          ...current,
          error: error instanceof Error ? error.message : String(error),
          loading: false,
        })),
    );
    return () => {
      cancelled = true;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
