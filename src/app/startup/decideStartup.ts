import type { RemoteSettings, UserProfile } from '../../../schemas';
import { deriveAppData, type AppData } from './appData';
import type { BasicsLookup, ProfileLookup } from './loadStartup';
import type { ReplicaInputs } from './replicaInputs';
import { currentPreferences } from './siteData';

/** Where the startup stands; each outcome has its own destination (SPEC §4 Startup). */
export type StartupState =
  | { status: 'loading' }
  | { status: 'ready'; data: AppData; preferencesPending: boolean }
  | { status: 'failed'; message: string }
  | { status: 'unauthorized'; settings: RemoteSettings }
  | { status: 'no-profile' }
  | { status: 'unauthenticated' };

export const LOADING: StartupState = { status: 'loading' };

const NOTHING_ON_DEVICE =
  'This device holds no OpenPermit data for you yet, so the first sign-in on it needs a connection to the server.';

/**
 * Decides the startup from what the device holds and what the server said. The device wins
 * for the data the replica has (settings, locations, preferences); the server's profile wins
 * over the remembered one, which only stands in while the server cannot be asked.
 */
export function decideStartup(replica: ReplicaInputs, profile: ProfileLookup, network: BasicsLookup): StartupState {
  if (profile.kind === 'none') return { status: 'no-profile' };
  const basics = replica.basics ?? (network.kind === 'found' ? network.basics : null);
  const unavailable = (): StartupState =>
    network.kind === 'failed'
      ? network.unauthenticated
        ? { status: 'unauthenticated' }
        : { status: 'failed', message: `${network.message} ${NOTHING_ON_DEVICE}` }
      : LOADING;
  if (profile.kind === 'refused') return basics ? { status: 'unauthorized', settings: basics.settings } : unavailable();

  // The remembered profile is read-only data handed on as it is; no screen changes a profile.
  const user = profile.kind === 'found' ? profile.profile : (replica.device?.profile as UserProfile | undefined);
  if (!user) {
    if (profile.kind === 'unauthenticated') return { status: 'unauthenticated' };
    if (profile.kind === 'unreachable') return { status: 'failed', message: `${profile.message} ${NOTHING_ON_DEVICE}` };
    return LOADING;
  }
  if (!basics) return unavailable();

  const { preferences, pending } = currentPreferences(user.Preferences, replica.preferencesDoc, replica.entries, replica.syncedAt);
  return {
    status: 'ready',
    data: deriveAppData(basics.settings, basics.locations, { ...user, Preferences: preferences }),
    preferencesPending: pending,
  };
}
