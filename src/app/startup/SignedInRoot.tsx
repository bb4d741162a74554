import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { DeepReadonly } from 'rxdb';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { Identity } from '../../../replication/session';
import { warmDashboardQueries } from '../../features/dashboard/dashboardQueries';
import { deviceUser$, type DeviceUser } from '../../db/device';
import { LoadingView } from '../LoadingView';
import { DeviceContext, ReplicaContext, useOpenDevice, useOpenReplica, useReplica, type Opened } from '../replica';
import { useIdentity } from '../useIdentity';
import { useObservable } from '../useObservable';
import { useSessionChoice } from './sessionChoice';
import { Startup, UNAUTHENTICATED_PATH } from './Startup';
import { StartupFailed } from './StartupFailed';

/**
 * The root of every signed-in route: finds whose replica to open (the session's user, or the
 * device's user when the session lapsed), opens it, decides who the app opens as or sends the
 * visitor to sign-in, and runs the startup for them. Nothing of a replica renders before the
 * user it belongs to is known: a shared tablet's next user never sees the previous one's data.
 */
export function SignedInRoot() {
  const identity = useIdentity();
  const [attempt, setAttempt] = useState(0);
  const device = useOpenDevice(attempt);
  const user = useObservable(useMemo(() => (device.status === 'open' ? deviceUser$(device.db) : null), [device]), undefined);
  // With a session, its user's replica opens at once, alongside the device's database.
  const owner = identity?.email ?? (user && !user.signedOut ? user.email : null);
  const replica = useOpenReplica(owner, attempt);
  useWarmDashboard(replica, owner);
  const failed = [device, replica].find((opened): opened is Extract<Opened<unknown>, { status: 'failed' }> => opened.status === 'failed');
  if (failed) {
    if (!identity) return <Navigate to={UNAUTHENTICATED_PATH} replace />;
    return <StartupFailed message={failed.message} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (device.status !== 'open' || (!identity && user === undefined)) return <LoadingView />;
  if (owner === null) return <Navigate to={UNAUTHENTICATED_PATH} replace />;
  if (replica.status !== 'open') return <LoadingView />;
  return (
    <DeviceContext.Provider value={device.db}>
      <ReplicaContext.Provider value={replica.db}>
        {/* Keyed by the replica's owner: another user's screens start afresh, holding nothing of the last one's. */}
        <Session key={owner} identity={identity} user={user} />
      </ReplicaContext.Provider>
    </DeviceContext.Provider>
  );
}

/** Opening on the dashboard: its queries start with the replica, while the startup and the shell render. */
function useWarmDashboard(replica: Opened<ReplicaDatabase>, owner: string | null): void {
  const { pathname } = useLocation();
  const warmed = useRef<ReplicaDatabase | null>(null);
  useEffect(() => {
    if (replica.status !== 'open' || owner === null || warmed.current === replica.db || pathname !== '/') return;
    warmed.current = replica.db;
    warmDashboardQueries(replica.db, owner);
  }, [replica, owner, pathname]);
}

function Session({ identity, user }: { identity: Identity | null; user: DeepReadonly<DeviceUser> | null | undefined }) {
  const { choice, enter } = useSessionChoice(useReplica(), identity, user);
  if (choice.kind === 'wait') return <LoadingView />;
  if (choice.kind === 'none') return <Navigate to={UNAUTHENTICATED_PATH} replace />;
  // Keyed by the user only: a session lapsing or resuming keeps the screen (and what is typed into it).
  return <Startup key={choice.email} email={choice.email} mode={choice.kind} onEntered={enter} />;
}
