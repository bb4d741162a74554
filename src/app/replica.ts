import { createContext, useContext, useEffect, useState } from 'react';
import type { ReplicaDatabase } from '../../replication/replica';
import { getDatabase } from '../db';

/** The device's replica, for the signed-in screens' hooks (provided by SignedInRoot). */
export const ReplicaContext = createContext<ReplicaDatabase | null>(null);

export function useReplica(): ReplicaDatabase {
  const db = useContext(ReplicaContext);
  if (!db) throw new Error('useReplica outside a signed-in route');
  return db;
}

export type OpenedReplica = { status: 'opening' } | { status: 'open'; db: ReplicaDatabase } | { status: 'failed'; message: string };

/** Opens the replica (once per page: getDatabase keeps it) and says when it is there. */
export function useOpenReplica(attempt: number): OpenedReplica {
  const [state, setState] = useState<OpenedReplica>({ status: 'opening' });
  useEffect(() => {
    let cancelled = false;
    getDatabase().then(
      (db) => !cancelled && setState({ status: 'open', db }),
      (error: unknown) =>
        !cancelled &&
        setState({
          status: 'failed',
          message: `This browser does not let OpenPermit keep its data on this device (${
            error instanceof Error ? error.message : String(error)
          }). A private window, or storage turned off for this site, does that.`,
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);
  return state;
}
