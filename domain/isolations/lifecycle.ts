import type { IsolationPoint, IsolationState, IsolationStepAction, PointStepAction, ZeroEnergyTest } from '../../schemas';

/** What the steps read of a certificate. */
export interface CertificateState {
  ReferenceId: string;
  State: IsolationState;
  Points: readonly IsolationPoint[];
  ZeroEnergyTest: ZeroEnergyTest | null;
}

/** Who acts: their personnel id (for the two-person rule) and permits.edit at the certificate's location. */
export interface IsolationActor {
  personnelId: number;
  edit: boolean;
  /** Named in refusals ("at Crude Unit"). */
  locationTitle?: string;
}

export type IsolationDecision = { ok: true; to: IsolationState } | { ok: false; status: 403 | 409 | 400; reason: string };

const refuse = (status: 403 | 409 | 400, reason: string): IsolationDecision => ({ ok: false, status, reason });

/** From which state each certificate step goes, and to which. */
export const STEP_RULES: Record<IsolationStepAction, { from: IsolationState; to: IsolationState }> = {
  isolate: { from: 'PLANNED', to: 'ISOLATED' },
  verify: { from: 'ISOLATED', to: 'VERIFIED' },
  requestDeisolation: { from: 'VERIFIED', to: 'DE-ISOLATION REQUESTED' },
  deisolate: { from: 'DE-ISOLATION REQUESTED', to: 'DE-ISOLATED' },
  cancel: { from: 'PLANNED', to: 'CANCELLED' },
};

/** The states in which a certificate's locks are on the plant: from ISOLATED until every point is removed. */
export const IN_PLACE_STATES: readonly IsolationState[] = ['ISOLATED', 'VERIFIED', 'DE-ISOLATION REQUESTED'];

/** In which certificate state each point step is done. */
export const POINT_RULES: Record<PointStepAction, IsolationState> = {
  apply: 'PLANNED',
  verify: 'ISOLATED',
  remove: 'DE-ISOLATION REQUESTED',
};

/** What a step is called in a refusal. */
const STEP_WORDS: Record<IsolationStepAction, string> = {
  isolate: 'marked ISOLATED', verify: 'marked VERIFIED', requestDeisolation: 'put up for de-isolation', deisolate: 'de-isolated', cancel: 'cancelled',
};
const POINT_WORDS: Record<PointStepAction, string> = { apply: 'applied', verify: 'verified', remove: 'removed' };

const tags = (points: readonly IsolationPoint[]) => points.map((p) => p.Tag).join(', ');
const mayChange = (actor: IsolationActor) =>
  actor.edit ? null : refuse(403, `You do not have permission to change isolations at ${actor.locationTitle ?? 'this location'}: it needs permits.edit there.`);

/** The plan (equipment, description, points) changes only while PLANNED and before any lock is on. */
export function decideEdit(certificate: CertificateState, actor: IsolationActor): IsolationDecision {
  const denied = mayChange(actor);
  if (denied) return denied;
  if (certificate.State !== 'PLANNED') return refuse(409, `Isolation certificate ${certificate.ReferenceId} is ${certificate.State}: its points can only change while it is PLANNED.`);
  const applied = certificate.Points.filter((p) => p.IsolatedBy);
  if (applied.length > 0) return refuse(409, `Point ${tags(applied)} of isolation certificate ${certificate.ReferenceId} is applied already: the plan cannot change once a lock is on. Cancel it after removing the locks, or plan a new certificate.`);
  return { ok: true, to: 'PLANNED' };
}

/**
 * A certificate step: the state it leads to, or why not. Moving on needs every point to have
 * had the step before (ISOLATED: all applied; VERIFIED: all verified and the zero-energy test
 * recorded; DE-ISOLATED: all removed). The interlock with permits (interlock.ts) is checked
 * apart, as it needs the permits.
 */
export function decideStep(action: IsolationStepAction, certificate: CertificateState, actor: IsolationActor): IsolationDecision {
  const denied = mayChange(actor);
  if (denied) return denied;
  const rule = STEP_RULES[action];
  const ref = certificate.ReferenceId;
  if (certificate.State !== rule.from) return refuse(409, `Isolation certificate ${ref} is ${certificate.State}: only a ${rule.from} certificate can be ${STEP_WORDS[action]}.`);
  const missing = (done: (p: IsolationPoint) => unknown) => certificate.Points.filter((p) => !done(p));
  switch (action) {
    case 'isolate': {
      const left = missing((p) => p.IsolatedBy);
      if (left.length) return refuse(409, `Apply every point before marking isolation certificate ${ref} ISOLATED: ${tags(left)} ${left.length === 1 ? 'is' : 'are'} not applied yet.`);
      break;
    }
    case 'verify': {
      const left = missing((p) => p.VerifiedBy);
      if (left.length) return refuse(409, `Verify every point before marking isolation certificate ${ref} VERIFIED: ${tags(left)} ${left.length === 1 ? 'is' : 'are'} not verified yet.`);
      if (!certificate.ZeroEnergyTest) return refuse(409, `Record the zero-energy test before marking isolation certificate ${ref} VERIFIED: try to start the equipment, or test for dead, and record what was found.`);
      break;
    }
    case 'deisolate': {
      const left = missing((p) => p.RemovedBy);
      if (left.length) return refuse(409, `Remove every point before marking isolation certificate ${ref} DE-ISOLATED: ${tags(left)} ${left.length === 1 ? 'is' : 'are'} still in place.`);
      break;
    }
    case 'cancel': {
      const applied = certificate.Points.filter((p) => p.IsolatedBy);
      // A cancelled certificate with a lock still on would leave a lock nobody answers for.
      if (applied.length) return refuse(409, `Isolation certificate ${ref} cannot be cancelled: ${tags(applied)} ${applied.length === 1 ? 'is' : 'are'} applied. Isolate it, then request de-isolation to take the locks off on record.`);
      break;
    }
    case 'requestDeisolation':
      break;
  }
  return { ok: true, to: rule.to };
}

/**
 * A point step. Verifying follows the two-person rule: whoever applied a point may not be the
 * one who verifies it, so every lock is checked by a second pair of eyes.
 */
export function decidePoint(action: PointStepAction, pointId: string, certificate: CertificateState, actor: IsolationActor): IsolationDecision {
  const denied = mayChange(actor);
  if (denied) return denied;
  const point = certificate.Points.find((p) => p.PointId === pointId);
  const ref = certificate.ReferenceId;
  if (!point) return refuse(400, `Isolation certificate ${ref} has no point ${pointId}.`);
  const state = POINT_RULES[action];
  if (certificate.State !== state) return refuse(409, `Isolation certificate ${ref} is ${certificate.State}: points are ${POINT_WORDS[action]} only while it is ${state}.`);
  switch (action) {
    case 'apply':
      if (point.IsolatedBy) return refuse(409, `Point ${point.Tag} was applied already by ${point.IsolatedBy.Name}.`);
      break;
    case 'verify':
      if (point.VerifiedBy) return refuse(409, `Point ${point.Tag} was verified already by ${point.VerifiedBy.Name}.`);
      if (point.IsolatedBy?.PersonnelId === actor.personnelId) return refuse(409, twoPersonRefusal(point.Tag));
      break;
    case 'remove':
      if (point.RemovedBy) return refuse(409, `Point ${point.Tag} was removed already by ${point.RemovedBy.Name}.`);
      break;
  }
  return { ok: true, to: certificate.State };
}

/** The two-person rule's refusal. */
export const twoPersonRefusal = (tag: string) => `You applied point ${tag}: another person must verify it (two-person rule).`;

/** The zero-energy test is recorded once the points are on (ISOLATED), before the certificate is VERIFIED. */
export function decideZeroEnergy(certificate: CertificateState, actor: IsolationActor): IsolationDecision {
  const denied = mayChange(actor);
  if (denied) return denied;
  if (certificate.State !== 'ISOLATED') return refuse(409, `Isolation certificate ${certificate.ReferenceId} is ${certificate.State}: the zero-energy test is recorded while it is ISOLATED.`);
  return { ok: true, to: 'ISOLATED' };
}
