import { useMemo } from 'react';
import { abilitiesAt } from '../../../domain/abilities';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { allHandovers$, allShiftPatterns$, handovers$, shiftPattern$ } from './handoverQueries';
import type { HandoverWriter } from './handoverWrites';

/** An area's handovers, newest shift first (undefined while the replica is read). */
export function useHandovers(locationId: number) {
  const db = useReplica();
  const { email } = useAppData();
  return useObservable(useMemo(() => handovers$(db, email, locationId), [db, email, locationId]), undefined);
}

/** Every handover on the device, the user's queued writes laid over (undefined while the replica is read). */
export function useAllHandovers() {
  const db = useReplica();
  const { email } = useAppData();
  return useObservable(useMemo(() => allHandovers$(db, email), [db, email]), undefined);
}

/** Every site's shifts, by site id (undefined while the replica is read). */
export function useAllShiftPatterns() {
  const db = useReplica();
  return useObservable(useMemo(() => allShiftPatterns$(db), [db]), undefined);
}

/** A site's shifts (undefined while the replica is read). */
export function useShiftPattern(siteId: number) {
  const db = useReplica();
  return useObservable(useMemo(() => shiftPattern$(db, siteId), [db, siteId]), undefined);
}

/** Who hands over and signs: the signed-in user, and whether they are an issuer at a location. */
export function useHandoverActor() {
  const db = useReplica();
  const { data, email } = useAppData();
  const { profile, tree } = data;
  const writer: HandoverWriter = { db, owner: email, personnelId: profile.PersonnelId, name: `${profile.FirstName} ${profile.LastName}`, actorKind: profile.Kind === 'external' ? 'contractor' : 'employee' };
  return { writer, issuerAt: (locationId: number) => abilitiesAt(profile, tree, locationId).permits.edit };
}
