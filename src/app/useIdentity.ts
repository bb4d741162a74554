import { useSyncExternalStore } from 'react';
import { currentIdentity, subscribe, type Identity } from '../../replication/session';

/** Who is signed in (null when nobody is); re-renders on sign-in and sign-out, in this tab or another. */
export function useIdentity(): Identity | null {
  return useSyncExternalStore(subscribe, currentIdentity);
}
