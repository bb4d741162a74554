import { useCallback, useState } from 'react';
import { messages } from '../../../../domain/messages';
import { ApiError } from '../../../../replication/http';
import { revokePermits } from '../../../../replication/permitRevoke';
import { forcePull } from '../../../../replication/syncState';
import type { Permit } from '../../../../schemas';
import { useReplica } from '../../../app/replica';
import { useNotify } from '../../../app/toaster';
import { referenceOf } from '../permitText';

/** One row of the results table. */
export interface RevokeOutcome {
  id: string;
  reference: string;
  ok: boolean;
  message: string;
}

export interface RevokeRun {
  sending: boolean;
  /** The last answer's rows; null before the first. */
  outcomes: RevokeOutcome[] | null;
  /** Sends the permits with the reason; true when the server answered (whatever each row's outcome). */
  revoke(permits: readonly Permit[], reason: string): Promise<boolean>;
}

/**
 * Revokes in one request and keeps the per-permit answer. The server hides the reference of a
 * permit the user may not see, so the reference the table showed fills in for it.
 */
export function useRevokePermits(): RevokeRun {
  const db = useReplica();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<RevokeOutcome[] | null>(null);

  const revoke = useCallback(
    async (permits: readonly Permit[], reason: string) => {
      setSending(true);
      try {
        const answer = await revokePermits(
          permits.map((p) => p.PermitInstanceId),
          reason,
        );
        const shown = new Map(permits.map((p) => [p.PermitInstanceId, p.PermitInstanceReferenceId]));
        setOutcomes(
          answer.map((r) => ({
            id: r.PermitInstanceId,
            reference: referenceOf(r.PermitInstanceReferenceId || (shown.get(r.PermitInstanceId) ?? r.PermitInstanceId)),
            ok: r.ResultCode === 'OK',
            message: r.ResultMessage,
          })),
        );
        const revoked = answer.filter((r) => r.ResultCode === 'OK').length;
        if (revoked > 0) notify('success', messages.permits.revoked(revoked));
      } catch (error) {
        // One permit alone is refused outright (4xx): that is its row's FAIL, not a failed request.
        if (permits.length === 1 && error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
          const [only] = permits as [Permit];
          setOutcomes([{ id: only.PermitInstanceId, reference: referenceOf(only.PermitInstanceReferenceId), ok: false, message: error.message }]);
        } else {
          notify('error', messages.permits.rejectFailed, error instanceof ApiError ? error.message : undefined);
          return false;
        }
      } finally {
        setSending(false);
      }
      // The new states come with the next pull; ask for it now rather than wait for the stream.
      await forcePull(db);
      return true;
    },
    [db, notify],
  );

  return { sending, outcomes, revoke };
}
