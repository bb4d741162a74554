import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../../../replication/session';
import { forcePull } from '../../../replication/syncState';
import { endSession, rememberOnDevice } from '../../db/localFirst';
import { UnauthorizedView } from '../../features/errors/UnauthorizedView';
import { LoadingView } from '../LoadingView';
import { useDevice, useReplica } from '../replica';
import { useIdentity } from '../useIdentity';
import { useObservable } from '../useObservable';
import { useOnline } from '../useOnline';
import { AppDataContext, type AppDataContextValue } from './appData';
import { decideStartup, LOADING } from './decideStartup';
import { fetchBasics, lookupProfile, type BasicsLookup, type ProfileLookup } from './loadStartup';
import { replicaInputs$ } from './replicaInputs';
import { StartupFailed } from './StartupFailed';

export const UNAUTHENTICATED_PATH = '/auth/signin?error=unauthenticated';

const PENDING: ProfileLookup = { kind: 'pending' };
/** Without a session there is nobody to ask the server about: the device's profile stands. */
const NO_SESSION: ProfileLookup = { kind: 'unreachable', message: '' };
const IDLE: BasicsLookup = { kind: 'idle' };

interface StartupProps {
  email: string;
  /** 'lapsed': no session, the user works from the device (useSessionChoice). */
  mode: 'session' | 'lapsed';
  /**
   * Told once the app works as this user: the server confirmed the session, or there is no
   * connection to ask it. Should the session lapse afterwards, the user stays on their screen.
   */
  onEntered(email: string): void;
}

/**
 * The startup loads of SPEC §4 behind a loading view, then the screens with their result. The
 * data comes from the replica and stays live; the server is asked for the profile, and for the
 * settings and locations only until the replica holds them.
 */
export function Startup({ email, mode, onEntered }: StartupProps) {
  const db = useReplica();
  const device = useDevice();
  const identity = useIdentity();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const online = useOnline();
  const replica = useObservable(useMemo(() => replicaInputs$(db, device, email), [db, device, email]), null);
  const [attempt, setAttempt] = useState(0);
  const [profile, setProfile] = useState<ProfileLookup>(PENDING);
  const [network, setNetwork] = useState<BasicsLookup>(IDLE);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (mode === 'lapsed') return;
    let cancelled = false;
    void lookupProfile(email).then((result) => !cancelled && setProfile(result));
    return () => {
      cancelled = true;
    };
  }, [email, mode, attempt]);

  // Only before the replica first holds them; `idle` counts as asked, so the answer is not cancelled by its own re-render.
  const needsNetwork = replica !== null && replica.basics === null && network.kind === 'idle';
  useEffect(() => {
    if (!needsNetwork) return;
    let cancelled = false;
    void fetchBasics().then((result) => !cancelled && setNetwork(result));
    return () => {
      cancelled = true;
    };
  }, [needsNetwork, attempt]);

  const lookup = mode === 'lapsed' && profile.kind === 'pending' ? NO_SESSION : profile;
  const state = useMemo(() => (replica ? decideStartup(replica, lookup, network) : LOADING), [replica, lookup, network]);

  useEffect(() => {
    if (state.status === 'no-profile') {
      // Navigate first: once signed out, this route would otherwise say "unauthenticated".
      const description = encodeURIComponent(`No OpenPermit user was found for ${email}.`);
      navigate(`/auth/signin?error=unknown_user&errorDescription=${description}`, { replace: true });
      void endSession();
    } else if (state.status === 'unauthenticated') {
      navigate(UNAUTHENTICATED_PATH, { replace: true });
      void signOut();
    }
  }, [state.status, email, navigate]);

  const data = state.status === 'ready' ? state.data : null;
  // A session the server refuses as the app opens (revoked, say) is not one the user was working in.
  const entered = data !== null && (profile.kind === 'found' || !online);
  useEffect(() => {
    if (entered) onEntered(email);
  }, [entered, email, onEntered]);

  useEffect(() => {
    // Only what the server has just confirmed is worth remembering; best effort, as the replica is.
    if (data && identity?.email === email && profile.kind === 'found') {
      rememberOnDevice(identity, profile.profile, data.abilities).catch(() => undefined);
    }
  }, [data, identity, email, profile]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await forcePull(db);
      if (mode === 'lapsed') return;
      const result = await lookupProfile(email);
      // No answer keeps what is on screen: the user goes on and tries again later.
      if (result.kind !== 'unreachable') setProfile(result);
    } finally {
      setRefreshing(false);
    }
  }, [db, email, mode]);

  const preferencesPending = state.status === 'ready' && state.preferencesPending;
  const context = useMemo<AppDataContextValue | null>(
    () => (data ? { data, email, lapsed: mode === 'lapsed', preferencesPending, refresh, refreshing } : null),
    [data, email, mode, preferencesPending, refresh, refreshing],
  );

  if (context) return <AppDataContext.Provider value={context}>{<Outlet />}</AppDataContext.Provider>;
  if (state.status === 'unauthorized') {
    if (pathname !== '/unauthorized') return <Navigate to="/unauthorized" replace />;
    return <UnauthorizedView serviceDeskEmail={state.settings.serviceDeskEmail} standalone />;
  }
  if (state.status === 'failed') {
    return (
      <StartupFailed
        message={state.message}
        onRetry={() => {
          setProfile(PENDING);
          setNetwork(IDLE);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <LoadingView />;
}
