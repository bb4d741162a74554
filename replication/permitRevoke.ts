/**
 * Bulk revoke (SPEC §2 /permits/revoke, §7 POST /permitinstance/revoke) waits for the server: each
 * permit gets its own OK or FAIL and why, which an outbox entry sent later could not show.
 */
import type { PermitResult } from '../schemas';
import { api } from './http';

/** Each permit's outcome; a FAIL for a permit the user may not see carries an empty reference. */
export const revokePermits = async (PermitInstanceIds: readonly string[], reason: string): Promise<PermitResult[]> =>
  (await api<{ PermitInstanceList: PermitResult[] }>('POST', '/permitinstance/revoke', { PermitInstanceIds, reason })).PermitInstanceList;
