import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { Identity } from '../../../replication/session';
import { LoadingView } from '../LoadingView';
import { ReplicaContext, useOpenReplica, useReplica } from '../replica';
import { useIdentity } from '../useIdentity';
import { useSessionChoice } from './sessionChoice';
import { Startup, UNAUTHENTICATED_PATH } from './Startup';
import { StartupFailed } from './StartupFailed';

/**
 * The root of every signed-in route: opens the device's replica, decides who the app opens as
 * (the session's user, or the device's user when the session lapsed) or sends the visitor to
 * sign-in, and runs the startup for them.
 */
export function SignedInRoot() {
  const identity = useIdentity();
  const [attempt, setAttempt] = useState(0);
  const replica = useOpenReplica(attempt);
  if (replica.status === 'opening') return <LoadingView />;
  if (replica.status === 'failed') {
    if (!identity) return <Navigate to={UNAUTHENTICATED_PATH} replace />;
    return <StartupFailed message={replica.message} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <ReplicaContext.Provider value={replica.db}>
      <Session identity={identity} />
    </ReplicaContext.Provider>
  );
}

function Session({ identity }: { identity: Identity | null }) {
  const { choice, enter } = useSessionChoice(useReplica(), identity);
  if (choice.kind === 'wait') return <LoadingView />;
  if (choice.kind === 'none') return <Navigate to={UNAUTHENTICATED_PATH} replace />;
  // Keyed by the user only: a session lapsing or resuming keeps the screen (and what is typed into it).
  return <Startup key={choice.email} email={choice.email} mode={choice.kind} onEntered={enter} />;
}
