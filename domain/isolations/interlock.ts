import { OPEN_PERMIT_STATES, type IsolationState, type PermitState } from '../../schemas';

/** What the interlock reads of a certificate. */
export interface CertificateFacts {
  ReferenceId: string;
  State: IsolationState;
}

/** What the interlock reads of a permit. */
export interface PermitFacts {
  PermitInstanceReferenceId: string;
  State: PermitState;
}

/**
 * The moves that isolations and permits guard each other on (issue 36, HSE HSG250): a permit
 * issued on an isolation nobody verified, or an isolation removed under live work, are the
 * failures this exists to stop.
 */
export type InterlockCheck =
  /** The permit is about to become APPROVED; `certificates` are every certificate it names. */
  | { action: 'approvePermit'; permit: PermitFacts; certificates: readonly CertificateFacts[] }
  | { action: 'linkPermit' | 'unlinkPermit'; permit: PermitFacts; certificate: CertificateFacts }
  /** `permits` are every permit that names the certificate. */
  | { action: 'removePoint' | 'deisolate'; certificate: CertificateFacts; permits: readonly PermitFacts[] };

/** Permit states reached only through approval: the isolations it was issued on are part of what was approved. */
const APPROVED_ONCE: readonly PermitState[] = ['APPROVED', 'CLOSING', 'TIMEOUT', 'COMPLETED', 'REVOKED'];
/** Certificate states a permit may still come to rely on. */
const IN_FORCE_OR_PLANNED: readonly IsolationState[] = ['PLANNED', 'ISOLATED', 'VERIFIED'];

const isOpen = (permit: PermitFacts) => OPEN_PERMIT_STATES.includes(permit.State);
const listed = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The one interlock between permits and isolation certificates, used by the device (offline,
 * instantly) and by the server (authoritative, in the same transaction as the change): null when
 * the move is safe, otherwise a sentence naming what blocks it and what to do.
 */
export function interlock(check: InterlockCheck): string | null {
  switch (check.action) {
    case 'approvePermit': {
      const unverified = check.certificates.filter((c) => c.State !== 'VERIFIED');
      if (unverified.length === 0) return null;
      const which = listed(unverified.map((c) => `${c.ReferenceId} (${c.State})`));
      return `Permit ${check.permit.PermitInstanceReferenceId} cannot be approved: isolation ${unverified.length === 1 ? 'certificate' : 'certificates'} ${which} ${unverified.length === 1 ? 'is' : 'are'} not VERIFIED. Verify every isolation the permit relies on first.`;
    }
    case 'linkPermit':
      if (APPROVED_ONCE.includes(check.permit.State)) {
        return `Permit ${check.permit.PermitInstanceReferenceId} is ${check.permit.State}: its isolations were fixed when it was approved. A change of isolations needs a new permit, approved with its certificates.`;
      }
      if (!IN_FORCE_OR_PLANNED.includes(check.certificate.State)) {
        return `Isolation certificate ${check.certificate.ReferenceId} is ${check.certificate.State}: a permit can only rely on an isolation that is planned or in place.`;
      }
      return null;
    case 'unlinkPermit':
      if (!APPROVED_ONCE.includes(check.permit.State)) return null;
      return `Permit ${check.permit.PermitInstanceReferenceId} is ${check.permit.State} and was approved relying on isolation certificate ${check.certificate.ReferenceId}: it cannot drop it. A change of isolations needs a new certificate and a new approval.`;
    case 'removePoint':
    case 'deisolate': {
      const open = check.permits.filter(isOpen);
      if (open.length === 0) return null;
      const what = check.action === 'deisolate' ? 'be de-isolated' : 'have a point removed';
      const who = listed(open.map((p) => `${p.PermitInstanceReferenceId} (${p.State})`));
      return `${open.length === 1 ? 'Permit' : 'Permits'} ${who} ${open.length === 1 ? 'is' : 'are'} still open and ${open.length === 1 ? 'relies' : 'rely'} on this isolation: isolation certificate ${check.certificate.ReferenceId} cannot ${what} until ${open.length === 1 ? 'it is' : 'they are'} completed, rejected or revoked.`;
    }
  }
}
