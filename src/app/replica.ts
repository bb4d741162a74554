import { createContext, useContext, useEffect, useState } from 'react';
import type { ReplicaDatabase } from '../../replication/replica';
import { getDeviceDatabase } from '../db';
import type { DeviceDatabase } from '../db/database';
import { replicaOf } from '../db/localFirst';

/** The replica of the user the app works as, for the signed-in screens' hooks (provided by SignedInRoot). */
export const ReplicaContext = createContext<ReplicaDatabase | null>(null);

/** The device's own database: who signed in last, storage persistence (provided by SignedInRoot). */
export const DeviceContext = createContext<DeviceDatabase | null>(null);

export function useReplica(): ReplicaDatabase {
  const db = useContext(ReplicaContext);
  if (!db) throw new Error('useReplica outside a signed-in route');
  return db;
}

export function useDevice(): DeviceDatabase {
  const db = useContext(DeviceContext);
  if (!db) throw new Error('useDevice outside a signed-in route');
  return db;
}

export type Opened<T> = { status: 'opening' } | { status: 'open'; db: T } | { status: 'failed'; message: string };

const OPENING = { status: 'opening' } as const;

const failed = (error: unknown) =>
  ({
    status: 'failed',
    message: `This browser does not let OpenPermit keep its data on this device (${
      error instanceof Error ? error.message : String(error)
    }). A private window, or storage turned off for this site, does that.`,
  }) as const;

/** Opens the device's database (once per page: getDeviceDatabase keeps it) and says when it is there. */
export function useOpenDevice(attempt: number): Opened<DeviceDatabase> {
  return useOpened('device', attempt, getDeviceDatabase);
}

/**
 * Opens `owner`'s replica (null: nobody's) and says when it is there. From the render where the
 * owner changes it answers 'opening', never the previous owner's replica, not for one frame.
 */
export function useOpenReplica(owner: string | null, attempt: number): Opened<ReplicaDatabase> {
  return useOpened(owner, attempt, replicaOf);
}

function useOpened<T>(key: string | null, attempt: number, open: (key: string) => Promise<T>): Opened<T> {
  const [state, setState] = useState<{ key: string | null; opened: Opened<T> }>({ key: null, opened: OPENING });
  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    open(key).then(
      (db) => !cancelled && setState({ key, opened: { status: 'open', db } }),
      (error: unknown) => !cancelled && setState({ key, opened: failed(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, attempt, open]);
  return state.key === key ? state.opened : OPENING;
}
