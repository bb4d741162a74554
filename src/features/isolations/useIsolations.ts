import { useMemo } from 'react';
import { abilitiesAt } from '../../../domain/abilities';
import type { IsolationActor } from '../../../domain/isolations/lifecycle';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { isolations$, isolationsWithPermits$ } from './isolationQueries';
import type { IsolationWriter } from './isolationWrites';

/** The certificates as the user sees them (undefined while the replica is read). */
export function useIsolations() {
  const db = useReplica();
  const { email } = useAppData();
  return useObservable(useMemo(() => isolations$(db, email), [db, email]), undefined);
}

/**
 * The certificates and the permits, for the interlock's view of the permits relying on a
 * certificate. Not on the permit page: each edit there would lay the outbox over every permit again.
 */
export function useIsolationsWithPermits() {
  const db = useReplica();
  const { email } = useAppData();
  return useObservable(useMemo(() => isolationsWithPermits$(db, email), [db, email]), undefined);
}

/** Who acts, for the outbox and for the domain's rules at a location. */
export function useIsolationActor() {
  const db = useReplica();
  const { data, email } = useAppData();
  const { profile, tree } = data;
  const writer: IsolationWriter = { db, owner: email, personnelId: profile.PersonnelId, name: `${profile.FirstName} ${profile.LastName}` };
  const actorAt = (locationId: number): IsolationActor => ({
    personnelId: profile.PersonnelId,
    edit: abilitiesAt(profile, tree, locationId).permits.edit,
    locationTitle: tree.byId.get(locationId)?.Title,
  });
  return { writer, actorAt };
}
