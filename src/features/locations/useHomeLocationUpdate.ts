import { useCallback } from 'react';
import { filter, firstValueFrom, map, race, timer } from 'rxjs';
import { messages } from '../../../domain/messages';
import { appendToOutbox, outboxEntry$ } from '../../../replication/outbox';
import type { OutboxEntry } from '../../../schemas';
import { OFFLINE_CHANGE_SAVED } from '../../app/OfflineNotice';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { preferencesEffect } from '../../app/startup/siteData';
import { useNotify } from '../../app/toaster';

/** How long the confirmation toast waits for the server; after that the header's pending count tells the story. */
const CONFIRM_WITHIN_MS = 15_000;

/**
 * Queues a new home location for the server (POST /userpref through the outbox). The new home,
 * and the abilities and guards that follow from it, show at once with a 'Pending' badge, online
 * or not; the server decides whether the choice is allowed, and a refusal lands in "Not synced".
 */
export function useHomeLocationUpdate(): (locationId: number) => Promise<void> {
  const db = useReplica();
  const { data, email } = useAppData();
  const notify = useNotify();
  const { profile, tree } = data;

  /** Tells the user the server's answer, if it comes soon. Runs after the dialog has closed. */
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
      if (outcome?.status === 'refused') notify('error', 'Your home location could not be changed.', outcome.lastError ?? undefined);
      else notify('success', messages.locations.homeUpdated);
    },
    [db, notify],
  );

  return useCallback(
    async (locationId: number) => {
      const preferences = profile.Preferences;
      const entry = await appendToOutbox(db, email, {
        method: 'POST',
        path: '/userpref',
        body: { PersonnelId: preferences.PersonnelId, HomeLocationId: locationId },
        label: `Change home location to ${tree.byId.get(locationId)?.Title ?? locationId}`,
        effects: [preferencesEffect({ ...preferences, HomeLocationId: locationId })],
      });
      if (navigator.onLine) void confirmLater(entry.id);
      else notify('warning', OFFLINE_CHANGE_SAVED);
    },
    [db, email, profile, tree, notify, confirmLater],
  );
}
