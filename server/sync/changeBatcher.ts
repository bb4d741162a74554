import type { ServedCollection } from '../../schemas';

/**
 * A stream's pace of change events: a change is told at once, and what changes in the
 * `windowMs` after an event waits for its end, told then in one event. Notifications that
 * arrive together (one transaction's, one import's) still make one event — they reach the
 * process in the same turn of its event loop — and a stream never tells more than one event per
 * window, so a burst of writes wakes each device no more often than before. Waiting out the
 * window before the first event instead held every change back 50 ms (more on a busy server,
 * whose timers run late) before any device could start its pull.
 */
export function createChangeBatcher(tell: (collections: ServedCollection[]) => void, windowMs: number) {
  const pending = new Set<ServedCollection>();
  let telling: NodeJS.Immediate | undefined;
  let window: NodeJS.Timeout | undefined;

  const flush = () => {
    telling = undefined;
    if (pending.size === 0) return;
    const collections = [...pending];
    pending.clear();
    tell(collections);
    window = setTimeout(() => {
      window = undefined;
      flush();
    }, windowMs);
  };

  return {
    add(collections: readonly ServedCollection[]): void {
      for (const c of collections) pending.add(c);
      if (!window) telling ??= setImmediate(flush);
    },
    stop(): void {
      clearImmediate(telling);
      clearTimeout(window);
      pending.clear();
    },
  };
}
