import { useCallback } from 'react';
import { messages } from '../../../domain/messages';
import { appendToOutbox } from '../../../replication/outbox';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { preferencesEffect } from '../../app/startup/siteData';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';

/**
 * Queues a new home location for the server (POST /userpref through the outbox). The new home,
 * and the abilities and guards that follow from it, show at once with a 'Pending' badge, online
 * or not; the server decides whether the choice is allowed, and a refusal lands in "Not synced".
 */
export function useHomeLocationUpdate(): (locationId: number) => Promise<void> {
  const db = useReplica();
  const { data, email } = useAppData();
  const tellOutcome = useChangeOutcome();
  const { profile, tree } = data;

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
      tellOutcome(entry, { done: messages.locations.homeUpdated, refused: 'Your home location could not be changed.' });
    },
    [db, email, profile, tree, tellOutcome],
  );
}
