import type { ServedCollection } from '../../schemas';
import type { Database } from '../db/database';
import type { SyncScope } from './scope';

/** The channel the triggers of migration 003 notify on. */
const CHANNEL = 'openpermit_sync';

/**
 * A change notification: which collection, and whose it is — `k` names the kind of key
 * ('l' location ids, 's' site ids, 'p' personnel ids; null: everyone's), `v` the keys (new and
 * old, so a user a document moved away from is woken too).
 */
export interface ChangeNotice {
  c: ServedCollection;
  k: 'l' | 's' | 'p' | null;
  v: number[];
}

/** Whether a change may be in the user's replica; a change they cannot see does not wake them. */
export function touches(notice: ChangeNotice, scope: SyncScope): boolean {
  switch (notice.k) {
    case null:
      return true;
    case 'p':
      return notice.v.includes(scope.personnelId);
    case 's':
      return notice.v.includes(scope.siteId);
    case 'l': {
      // Metadata, printers and definitions also serve the locations below them.
      const locations = ['permits', 'isolations', 'gastests', 'handovers'].includes(notice.c) ? scope.viewable : scope.served;
      return notice.v.some((id) => locations.includes(id));
    }
  }
}

/** One open stream: told of every notice (null: anything may have changed), ended on shutdown. */
export interface ChangeSubscriber {
  notify(notice: ChangeNotice | null): void;
  end(): void;
}

/**
 * Fans the database's change notifications out to this instance's open streams. It listens on
 * first use, once per process; writes on any instance reach it through LISTEN/NOTIFY.
 */
export function createChangeHub(db: Database) {
  const subscribers = new Set<ChangeSubscriber>();
  let listening: Promise<() => Promise<void>> | null = null;

  const dispatch = (payload: string | null) => {
    const notice = payload === null ? null : (JSON.parse(payload) as ChangeNotice);
    for (const subscriber of subscribers) subscriber.notify(notice);
  };

  return {
    async subscribe(subscriber: ChangeSubscriber): Promise<() => void> {
      listening ??= db.listen(CHANNEL, dispatch).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      await listening;
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    /** Ends every open stream: a server that is closing must not wait for them. */
    endAll(): void {
      for (const subscriber of [...subscribers]) subscriber.end();
      subscribers.clear();
    },
    async close(): Promise<void> {
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}

export type ChangeHub = ReturnType<typeof createChangeHub>;
