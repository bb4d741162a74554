import { useCallback, useMemo } from 'react';
import { dismissOutboxEntry, refusedEntries$, retryOutboxEntry } from '../../../replication/outbox';
import { syncStatus$, type SyncStatus } from '../../../replication/syncStatus';
import type { OutboxEntry } from '../../../schemas';
import { useReplica } from '../replica';
import { useAppData } from '../startup/appData';
import { useObservable } from '../useObservable';

/** The replica's status for this user (connection, first sync, pending and refused counts), live in every tab; null at first. */
export function useSyncStatus(): SyncStatus | null {
  const db = useReplica();
  const { email } = useAppData();
  return useObservable(
    useMemo(() => syncStatus$(db, email), [db, email]),
    null,
  );
}

const NONE: OutboxEntry[] = [];

/** The user's changes the server refused (the "Not synced" list), oldest first, with what can be done with them. */
export function useRefusedEntries(): {
  entries: OutboxEntry[];
  retry(id: string): Promise<void>;
  dismiss(id: string): Promise<void>;
} {
  const db = useReplica();
  const { email } = useAppData();
  const entries = useObservable(
    useMemo(() => refusedEntries$(db, email), [db, email]),
    NONE,
  );
  const retry = useCallback(async (id: string) => void (await retryOutboxEntry(db, id)), [db]);
  const dismiss = useCallback(async (id: string) => void (await dismissOutboxEntry(db, id)), [db]);
  return { entries, retry, dismiss };
}
