import { useCallback } from 'react';
import { messages } from '../../../domain/messages';
import type { Location, Permit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { updateWorkLocation } from './permitWrites';

/**
 * Queues a permit's move to another work location (PUT /permitinstance through the outbox). The
 * page shows the new location at once, online or not; the server's answer comes as a toast when
 * it comes soon, and a refusal lands in "Not synced" with the server's reason.
 */
export function useWorkLocationUpdate(): (permit: Permit, to: Location) => Promise<void> {
  const db = useReplica();
  const { data, email } = useAppData();
  const tellOutcome = useChangeOutcome();
  const { tree } = data;

  return useCallback(
    async (permit: Permit, to: Location) => {
      const entry = await updateWorkLocation({ db, owner: email }, permit, tree.byId.get(permit.LocationId), to);
      tellOutcome(entry, { done: messages.permits.workLocationUpdated, refused: 'The work location could not be changed.' });
    },
    [db, email, tree, tellOutcome],
  );
}
