import { useMemo } from 'react';
import type { Permit } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { allGasSettings$, allGasTests$, gasSettings$, gasTests$ } from './gasTestQueries';
import { gasStatus } from './gasStatus';
import type { GasWriter } from './gasTestWrites';

/** A permit's gas tests and its site's gas settings (undefined while the replica is read). */
export function usePermitGasTests(permitId: string, siteId: number) {
  const db = useReplica();
  const { email } = useAppData();
  const tests = useObservable(useMemo(() => gasTests$(db, email, permitId), [db, email, permitId]), undefined);
  const settings = useObservable(useMemo(() => gasSettings$(db, siteId), [db, siteId]), undefined);
  return tests && settings ? { ...tests, settings } : undefined;
}

/** Every permit's gas tests and the sites' settings, for the list's cards (undefined while the replica is read). */
export function useAllGasTests() {
  const db = useReplica();
  const { email } = useAppData();
  const tests = useObservable(useMemo(() => allGasTests$(db, email), [db, email]), undefined);
  const settingsOf = useObservable(useMemo(() => allGasSettings$(db), [db]), undefined);
  return tests && settingsOf ? { tests, settingsOf } : undefined;
}

/** Who records readings and resumes or stops work: the signed-in user. */
export function useGasWriter(): GasWriter {
  const db = useReplica();
  const { data, email } = useAppData();
  const { profile } = data;
  return { db, owner: email, personnelId: profile.PersonnelId, name: `${profile.FirstName} ${profile.LastName}` };
}

/** The approval gate as the device judges it when the approval is made: its refusal, or null (also while the replica is read: the server judges anyway). */
export function useApprovalGate(permit: Permit): () => string | null {
  const found = usePermitGasTests(permit.PermitInstanceId, permit.SiteId);
  return () => (found ? gasStatus(permit, found.doc, found.settings, new Date()).gate : null);
}
