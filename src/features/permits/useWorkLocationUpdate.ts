import { useCallback } from 'react';
import { filter, firstValueFrom, map, race, timer } from 'rxjs';
import { outboxEntry$ } from '../../../replication/outbox';
import type { Location, OutboxEntry, Permit } from '../../../schemas';
import { OFFLINE_CHANGE_SAVED } from '../../app/OfflineNotice';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useNotify } from '../../app/toaster';
import { updateWorkLocation } from './permitWrites';

/** SPEC §8: moving a permit to another location is the "work location" update. */
export const WORK_LOCATION_UPDATED = 'Work location updated successfully';

/** How long the confirmation toast waits for the server; after that the header's pending count tells the story. */
const CONFIRM_WITHIN_MS = 15_000;

/**
 * Queues a permit's move to another work location (PUT /permitinstance through the outbox). The
 * page shows the new location at once, online or not; the server's answer comes as a toast when
 * it comes soon, and a refusal lands in "Not synced" with the server's reason.
 */
export function useWorkLocationUpdate(): (permit: Permit, to: Location) => Promise<void> {
  const db = useReplica();
  const { data, email } = useAppData();
  const notify = useNotify();
  const { tree } = data;

  /** Runs after the dialog has closed: the user may have moved on, the toast finds them anywhere. */
  const confirmLater = useCallback(
    async (id: string) => {
      const outcome = await firstValueFrom(
        race(
          outboxEntry$(db, id).pipe(filter((e): e is OutboxEntry | null => e === null || e.status !== 'pending')),
          timer(CONFIRM_WITHIN_MS).pipe(map(() => 'waiting' as const)),
        ),
      );
      if (outcome === 'waiting') return;
      // Gone (pruned long after it was done) counts as done.
      if (outcome?.status === 'refused') notify('error', 'The work location could not be changed.', outcome.lastError ?? undefined);
      else notify('success', WORK_LOCATION_UPDATED);
    },
    [db, notify],
  );

  return useCallback(
    async (permit: Permit, to: Location) => {
      const entry = await updateWorkLocation({ db, owner: email }, permit, tree.byId.get(permit.LocationId), to);
      if (navigator.onLine) void confirmLater(entry.id);
      else notify('warning', OFFLINE_CHANGE_SAVED);
    },
    [db, email, tree, notify, confirmLater],
  );
}
