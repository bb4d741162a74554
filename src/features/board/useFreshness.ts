import { useEffect, useMemo, useState } from 'react';
import { streamState$ } from '../../../replication/syncState';
import { useReplica } from '../../app/replica';
import { useObservable } from '../../app/useObservable';
import { useSyncStatus } from '../../app/sync/useSync';

/**
 * Whether the board is live, and if not, since when what it shows is as of (epoch ms; null when
 * this device never synced). Live: the browser is online, the change stream is open (changes
 * arrive within a second) and no sign-in is awaited. Otherwise the replica is as it was when the
 * stream closed or the connection went, whichever came first, or at its last pull.
 */
export function useFreshness(): { live: boolean; asOf: number | null } {
  const db = useReplica();
  const status = useSyncStatus();
  const stream = useObservable(useMemo(() => streamState$(db), [db]), null);
  const live = !!status && status.online && !status.signInNeeded && !!stream?.connected;
  // When this screen saw the board stop being live: the stream may still read open a moment after the connection went.
  const [wentAt, setWentAt] = useState<number | null>(null);
  useEffect(() => {
    setWentAt(live ? null : Date.now());
  }, [live]);
  if (live) return { live, asOf: null };
  // The stream notices a lost connection later than the browser does: the earlier of the two. A
  // stream closed before this run (at: null) says nothing: the last pull does.
  const closedAt = stream && !stream.connected ? stream.at : null;
  const went = stream?.connected ? wentAt : closedAt === null ? null : Math.min(closedAt, wentAt ?? closedAt);
  const candidates = [went, status?.lastSyncedAt ?? null].filter((t): t is number => t !== null);
  return { live, asOf: candidates.length ? Math.max(...candidates) : null };
}
