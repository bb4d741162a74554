import { useCallback, useState } from 'react';
import { verifyAuditChain } from '../../../replication/audit';
import type { AuditVerifyResponse } from '../../../schemas';

export type Verification =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; report: AuditVerifyResponse }
  /** The server could not be asked or refused: its sentence, as it came. */
  | { status: 'failed'; message: string };

/** Asks the server to walk the chain; one walk at a time, the last answer kept. */
export function useChainVerification(): { verification: Verification; verify(): void } {
  const [verification, setVerification] = useState<Verification>({ status: 'idle' });
  const verify = useCallback(() => {
    setVerification({ status: 'running' });
    verifyAuditChain().then(
      (report) => setVerification({ status: 'done', report }),
      (error: unknown) => setVerification({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  return { verification, verify };
}
