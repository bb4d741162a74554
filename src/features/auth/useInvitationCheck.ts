import { useEffect, useState } from 'react';
import { checkInvitation, type Invitation } from '../../../replication/api';
import { ApiError } from '../../../replication/http';

export type InvitationCheck =
  | { status: 'checking' }
  | { status: 'valid' }
  /** Incomplete, forged, expired, superseded or used: SPEC §2's invalid-link sentence. */
  | { status: 'invalid' }
  /** The server could not say (offline, server down): not the link's fault, so not "invalid". */
  | { status: 'unknown'; message: string };

/**
 * Asks the server whether a registration link still works before asking for a password.
 * `invitation` is null when the link lacks one of its fields.
 */
export function useInvitationCheck(invitation: Invitation | null, attempt: number): InvitationCheck {
  const [check, setCheck] = useState<InvitationCheck>({ status: 'checking' });
  const { EmailAddress = '', FirstName = '', LastName = '', token = '' } = invitation ?? {};
  const complete = invitation !== null;

  useEffect(() => {
    if (!complete) return;
    let cancelled = false;
    setCheck({ status: 'checking' });
    checkInvitation({ EmailAddress, FirstName, LastName, token }).then(
      () => !cancelled && setCheck({ status: 'valid' }),
      (error: unknown) => {
        if (cancelled) return;
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        setCheck(
          refused
            ? { status: 'invalid' }
            : { status: 'unknown', message: error instanceof Error ? error.message : String(error) },
        );
      },
    );
    return () => {
      cancelled = true;
    };
  }, [complete, EmailAddress, FirstName, LastName, token, attempt]);

  return complete ? check : { status: 'invalid' };
}
