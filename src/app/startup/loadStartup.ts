/**
 * The startup's questions to the server (SPEC §4 Startup). The replica answers them once it has
 * synced; the server is asked for the profile (permissions are not replicated) and, before the
 * first sync, for the settings and locations.
 */
import { getLocations, getSettings, getUserProfile } from '../../../replication/api';
import { ApiError } from '../../../replication/http';
import type { UserProfile } from '../../../schemas';
import type { SiteBasics } from './siteData';

/** What the server said of the signed-in user's profile. */
export type ProfileLookup =
  | { kind: 'pending' }
  | { kind: 'found'; profile: UserProfile }
  /** The server knows no usable user with this email: sign out, back to sign-in. */
  | { kind: 'none' }
  /** No answer (offline, server down): the profile remembered on the device will do. */
  | { kind: 'unreachable'; message: string }
  /** The session is no longer accepted (and could not be renewed). */
  | { kind: 'unauthenticated' }
  /** The lookup was refused: /unauthorized. */
  | { kind: 'refused'; message: string };

/** Settings and locations from the server; `idle` until asked (only while the replica has none). */
export type BasicsLookup =
  | { kind: 'idle' }
  | { kind: 'found'; basics: SiteBasics }
  | { kind: 'failed'; message: string; unauthenticated: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;
/** No answer, or the server failing: nothing it says about this user, so the device's copy stands. */
const isUnreachable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export async function lookupProfile(email: string): Promise<ProfileLookup> {
  try {
    const profile = await getUserProfile(email);
    return profile ? { kind: 'found', profile } : { kind: 'none' };
  } catch (error) {
    if (isUnauthenticated(error)) return { kind: 'unauthenticated' };
    if (isUnreachable(error)) return { kind: 'unreachable', message: messageOf(error) };
    return { kind: 'refused', message: messageOf(error) };
  }
}

export async function fetchBasics(): Promise<BasicsLookup> {
  try {
    const [settings, locations] = await Promise.all([getSettings(), getLocations()]);
    return { kind: 'found', basics: { settings, locations } };
  } catch (error) {
    return { kind: 'failed', message: messageOf(error), unauthenticated: isUnauthenticated(error) };
  }
}
