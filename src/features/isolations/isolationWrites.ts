/**
 * Every change the isolation screens make, each one outbox entry (DESIGN.md §4.2): the request
 * of the isolations API plus the effect the screens show until the server's version is pulled.
 * Each is judged first on the device by the domain's rules (lifecycle.ts, interlock.ts), so a
 * refusal is told at once, offline too; the server judges again and has the last word.
 */
import { interlock, type PermitFacts } from '../../../domain/isolations/interlock';
import { decideEdit, decidePoint, decideStep, decideZeroEnergy, type IsolationActor } from '../../../domain/isolations/lifecycle';
import { appendToOutbox, type ActingWriter, type WriteResult } from '../../../replication/outbox';
import {
  PENDING_ISOLATION_REFERENCE,
  type CreateIsolationBody,
  type IsolationCertificate,
  type IsolationPoint,
  type IsolationPointPlan,
  type IsolationStepAction,
  type LinkedPermit,
  type PointStepAction,
  type StepStamp,
} from '../../../schemas';

/** Who acts, as the device stamps the steps it shows before the server's stamps arrive. */
export type IsolationWriter = ActingWriter;

export type { WriteResult };

const stampOf = (w: IsolationWriter): StepStamp => {
  const at = (w.now?.() ?? new Date()).toISOString();
  return { PersonnelId: w.personnelId, Name: w.name, At: at, DeviceAt: at };
};

const queue = (w: IsolationWriter, path: string, body: object, label: string, id: string, fields: Partial<IsolationCertificate>) =>
  appendToOutbox(w.db, w.owner, { method: 'POST', path, body, label, effects: [{ collection: 'isolations', key: id, kind: 'patch', fields }] });

/** A PLANNED certificate, shown at once with the reference "Pending..." until the server numbers it. */
export async function createIsolation(w: IsolationWriter, body: CreateIsolationBody, siteId: number): Promise<void> {
  const stamp = stampOf(w);
  const certificate: IsolationCertificate = {
    ...body,
    ReferenceId: PENDING_ISOLATION_REFERENCE,
    SiteId: siteId,
    State: 'PLANNED',
    Points: body.Points.map((p) => ({ ...p, IsolatedBy: null, VerifiedBy: null, RemovedBy: null })),
    ZeroEnergyTest: null,
    Steps: [{ State: 'PLANNED', By: stamp }],
    Permits: [],
    CreatedBy: stamp,
    DateChanged: stamp.At,
  };
  await appendToOutbox(w.db, w.owner, {
    method: 'POST',
    path: '/isolations',
    body,
    label: `Create an isolation certificate for ${body.Equipment}`,
    effects: [{ collection: 'isolations', key: body.IsolationCertificateId, kind: 'create', fields: certificate }],
  });
}

/** The plan changed while PLANNED and before any lock is on (PUT /isolations); the page shows it at once. */
export async function editIsolation(w: IsolationWriter, certificate: IsolationCertificate, actor: IsolationActor, plan: Pick<IsolationCertificate, 'Equipment' | 'Description'> & { Points: IsolationPointPlan[] }): Promise<WriteResult> {
  const decision = decideEdit(certificate, actor);
  if (!decision.ok) return decision.reason;
  const id = certificate.IsolationCertificateId;
  const Points = plan.Points.map((p) => ({ ...p, IsolatedBy: null, VerifiedBy: null, RemovedBy: null }));
  await appendToOutbox(w.db, w.owner, {
    method: 'PUT',
    path: '/isolations',
    body: { IsolationCertificateId: id, ...plan },
    label: `Change the plan of isolation certificate ${certificate.ReferenceId}`,
    effects: [{ collection: 'isolations', key: id, kind: 'patch', fields: { Equipment: plan.Equipment, Description: plan.Description, Points } }],
  });
  return null;
}

const POINT_STAMP: Record<PointStepAction, 'IsolatedBy' | 'VerifiedBy' | 'RemovedBy'> = { apply: 'IsolatedBy', verify: 'VerifiedBy', remove: 'RemovedBy' };
const POINT_LABEL: Record<PointStepAction, string> = { apply: 'Apply', verify: 'Verify', remove: 'Remove' };

/**
 * Whether a point step may be done now: the lifecycle (state, two-person rule) and, for a
 * removal, the interlock with the open permits that rely on the certificate.
 */
export function pointRefusal(action: PointStepAction, point: IsolationPoint, certificate: IsolationCertificate, actor: IsolationActor, permits: readonly PermitFacts[]): WriteResult {
  const decision = decidePoint(action, point.PointId, certificate, actor);
  if (!decision.ok) return decision.reason;
  return action === 'remove' ? interlock({ action: 'removePoint', certificate, permits }) : null;
}

export async function stepPoint(w: IsolationWriter, action: PointStepAction, point: IsolationPoint, certificate: IsolationCertificate, actor: IsolationActor, permits: readonly PermitFacts[]): Promise<WriteResult> {
  const refusal = pointRefusal(action, point, certificate, actor, permits);
  if (refusal) return refusal;
  const stamp = stampOf(w);
  const Points = certificate.Points.map((p) => (p.PointId === point.PointId ? { ...p, [POINT_STAMP[action]]: stamp } : p));
  const id = certificate.IsolationCertificateId;
  await queue(w, '/isolations/point', { IsolationCertificateId: id, PointId: point.PointId, Action: action }, `${POINT_LABEL[action]} isolation point ${point.Tag} of ${certificate.ReferenceId}`, id, { Points });
  return null;
}

/** Whether a certificate step may be taken now; de-isolating also waits for every permit relying on it to end. */
export function stepRefusal(action: IsolationStepAction, certificate: IsolationCertificate, actor: IsolationActor, permits: readonly PermitFacts[]): WriteResult {
  const decision = decideStep(action, certificate, actor);
  if (!decision.ok) return decision.reason;
  return action === 'deisolate' ? interlock({ action: 'deisolate', certificate, permits }) : null;
}

const STEP_LABEL: Record<IsolationStepAction, string> = {
  isolate: 'Mark ISOLATED', verify: 'Mark VERIFIED', requestDeisolation: 'Request de-isolation of', deisolate: 'Mark DE-ISOLATED', cancel: 'Cancel',
};

export async function stepCertificate(w: IsolationWriter, action: IsolationStepAction, certificate: IsolationCertificate, actor: IsolationActor, permits: readonly PermitFacts[]): Promise<WriteResult> {
  const refusal = stepRefusal(action, certificate, actor, permits);
  if (refusal) return refusal;
  const decision = decideStep(action, certificate, actor);
  const State = decision.ok ? decision.to : certificate.State;
  const id = certificate.IsolationCertificateId;
  await queue(w, '/isolations/step', { IsolationCertificateId: id, Action: action }, `${STEP_LABEL[action]} isolation certificate ${certificate.ReferenceId}`, id, {
    State,
    Steps: [...certificate.Steps, { State, By: stampOf(w) }],
  });
  return null;
}

export async function recordZeroEnergy(w: IsolationWriter, certificate: IsolationCertificate, result: string, actor: IsolationActor): Promise<WriteResult> {
  const decision = decideZeroEnergy(certificate, actor);
  if (!decision.ok) return decision.reason;
  if (!result.trim()) return 'Say what the zero-energy test found.';
  const id = certificate.IsolationCertificateId;
  await queue(w, '/isolations/zeroenergy', { IsolationCertificateId: id, Result: result.trim() }, `Record the zero-energy test of ${certificate.ReferenceId}`, id, {
    ZeroEnergyTest: { Result: result.trim(), By: stampOf(w) },
  });
  return null;
}

/** The permit as a certificate lists it, and as the interlock reads it. */
export type PermitLink = Pick<LinkedPermit, 'PermitInstanceId' | 'PermitInstanceReferenceId' | 'State'>;

export async function linkPermit(w: IsolationWriter, certificate: IsolationCertificate, permit: PermitLink): Promise<WriteResult> {
  const refusal = interlock({ action: 'linkPermit', permit, certificate });
  if (refusal) return refusal;
  const id = certificate.IsolationCertificateId;
  const Permits = [...certificate.Permits.filter((p) => p.PermitInstanceId !== permit.PermitInstanceId), { ...permit, LinkedBy: stampOf(w) }];
  await queue(w, '/isolations/link', { IsolationCertificateId: id, PermitInstanceId: permit.PermitInstanceId }, `Rely on isolation certificate ${certificate.ReferenceId} for permit ${permit.PermitInstanceReferenceId}`, id, { Permits });
  return null;
}

export async function unlinkPermit(w: IsolationWriter, certificate: IsolationCertificate, permit: PermitLink): Promise<WriteResult> {
  const refusal = interlock({ action: 'unlinkPermit', permit, certificate });
  if (refusal) return refusal;
  const id = certificate.IsolationCertificateId;
  const Permits = certificate.Permits.filter((p) => p.PermitInstanceId !== permit.PermitInstanceId);
  await queue(w, '/isolations/unlink', { IsolationCertificateId: id, PermitInstanceId: permit.PermitInstanceId }, `Stop relying on isolation certificate ${certificate.ReferenceId} for permit ${permit.PermitInstanceReferenceId}`, id, { Permits });
  return null;
}
