import { useMemo, useState } from 'react';
import type { DeepReadonly } from 'rxdb';
import type { ReplicaDatabase } from '../../../replication/replica';
import type { Identity } from '../../../replication/session';
import type { DeviceUser } from '../../db/device';
import { useObservable } from '../useObservable';
import { useOnline } from '../useOnline';

/** Who the signed-in routes open as: the session's user, the device's user without a session, or nobody (sign-in). */
export type SessionChoice =
  | { kind: 'wait' }
  | { kind: 'none' }
  | { kind: 'session'; email: string }
  | { kind: 'lapsed'; email: string };

export interface SessionInputs {
  identity: Identity | null;
  /** undefined while the device is being read. */
  device: DeepReadonly<DeviceUser> | null | undefined;
  online: boolean;
  /** The device user's queued changes; undefined while being counted. */
  pending: number | undefined;
  /**
   * The email the app has been working as in this page, if any: once the server confirmed the
   * session, or while the user worked offline (Startup says when, through `enter`).
   */
  entered: string | null;
}

/**
 * Without a session, the device's user goes on working (DESIGN.md §4: the token expired during
 * an offline shift) when the session lapsed while the app was open, when there is no connection
 * to sign in with, or when changes of theirs wait to be sent (the banner asks them to sign in).
 * Otherwise sign-in is one step away and loses nothing: go there. A deliberate sign-out always
 * goes there, so a shared tablet's next user never opens as the previous one.
 */
export function chooseSession(inputs: SessionInputs): SessionChoice {
  const { identity, device } = inputs;
  if (identity) return { kind: 'session', email: identity.email };
  if (device === undefined) return { kind: 'wait' };
  if (!device || device.signedOut) return { kind: 'none' };
  const lapsed = { kind: 'lapsed', email: device.email } as const;
  if (inputs.entered === device.email || !inputs.online) return lapsed;
  if (inputs.pending === undefined) return { kind: 'wait' };
  return inputs.pending > 0 ? lapsed : { kind: 'none' };
}

/**
 * chooseSession, fed live from the device (`user`, the device's user, read by SignedInRoot): a
 * sign-out in another tab ends this tab's device session too. `db` is the replica of the
 * session's user or, without a session, of the device's user. `enter` records that the app is
 * working as a user in this page.
 */
export function useSessionChoice(
  db: ReplicaDatabase,
  identity: Identity | null,
  user: DeepReadonly<DeviceUser> | null | undefined,
): { choice: SessionChoice; enter(email: string): void } {
  const online = useOnline();
  const owner = user?.email ?? null;
  const pending$ = useMemo(
    () => (owner === null ? null : db.outbox.count({ selector: { owner, status: 'pending' } }).$),
    [db, owner],
  );
  const pending = useObservable(pending$, undefined);
  const [entered, enter] = useState<string | null>(null);
  return { choice: chooseSession({ identity, device: user, online, pending, entered }), enter };
}
