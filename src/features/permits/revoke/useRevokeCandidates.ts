import { useMemo } from 'react';
import { abilitiesAt } from '../../../../domain/abilities';
import { useReplica } from '../../../app/replica';
import { useAppData } from '../../../app/startup/appData';
import { useObservable } from '../../../app/useObservable';
import { permits$ } from '../permitQueries';
import { revokeCandidates, type RevokeCandidates } from './revokeRows';

/**
 * The revoke table's rows, live from the replica with the user's pending changes laid over (a
 * permit revoked from its own page while offline is no longer a candidate); undefined while loading.
 */
export function useRevokeCandidates(from: string, selected: ReadonlySet<string>): RevokeCandidates | undefined {
  const db = useReplica();
  const { data, email } = useAppData();
  const permits = useObservable(useMemo(() => permits$(db, email), [db, email]), undefined);
  return useMemo(() => {
    if (!permits) return undefined;
    const mayEdit = (locationId: number) => abilitiesAt(data.profile, data.tree, locationId).permits.edit;
    return revokeCandidates(permits, { from, mayEdit, selected });
  }, [permits, data.profile, data.tree, from, selected]);
}
