import { useCallback } from 'react';
import { filter, firstValueFrom, map, race, timer } from 'rxjs';
import { outboxEntry$ } from '../../../replication/outbox';
import type { OutboxEntry } from '../../../schemas';
import { OFFLINE_CHANGE_SAVED } from '../OfflineNotice';
import { useReplica } from '../replica';
import { useNotify } from '../toaster';

/** How long the confirmation toast waits for the server; after that the header's pending count tells the story. */
const CONFIRM_WITHIN_MS = 15_000;

export interface ChangeMessages {
  done: string;
  refused: string;
}

/**
 * Tells the user what became of a change queued in the outbox: the server's answer as a toast
 * when it comes soon (a refusal with the server's reason), or at once that it is saved on the
 * device while offline. It runs on after the dialog that made the change has closed.
 */
export function useChangeOutcome(): (entry: OutboxEntry, messages: ChangeMessages) => void {
  const db = useReplica();
  const notify = useNotify();

  const confirmLater = useCallback(
    async (id: string, messages: ChangeMessages) => {
      const outcome = await firstValueFrom(
        race(
          outboxEntry$(db, id).pipe(filter((e): e is OutboxEntry | null => e === null || e.status !== 'pending')),
          timer(CONFIRM_WITHIN_MS).pipe(map(() => 'waiting' as const)),
        ),
      );
      if (outcome === 'waiting') return;
      // Gone (pruned long after it was done) counts as done.
      if (outcome?.status === 'refused') notify('error', messages.refused, outcome.lastError ?? undefined);
      else notify('success', messages.done);
    },
    [db, notify],
  );

  return useCallback(
    (entry: OutboxEntry, messages: ChangeMessages) => {
      if (navigator.onLine) void confirmLater(entry.id, messages);
      else notify('warning', OFFLINE_CHANGE_SAVED);
    },
    [confirmLater, notify],
  );
}
