/**
 * Copying a permit (SPEC §7 POST /permitinstance/copy) waits for the server: the copy's id and
 * whether its definition is current come from it, so it cannot go through the outbox.
 */
import type { Permit } from '../schemas';
import { api } from './http';

export const copyPermit = (PermitInstanceId: string) =>
  api<{ PermitInstance: Permit; DefinitionIsLatest: boolean }>('POST', '/permitinstance/copy', { PermitInstanceId });
