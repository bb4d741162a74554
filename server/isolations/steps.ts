import type { IsolationCertificate, IsolationPointBody, IsolationStepBody, PermitState, ZeroEnergyBody } from '../../schemas';
import { interlock } from '../../domain/isolations/interlock';
import { decidePoint, decideStep, decideZeroEnergy } from '../../domain/isolations/lifecycle';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import type { UserRecord } from '../users/users';
import { allowed, certificateContext } from './context';
import { loadCertificate, saveCertificate, stampOf } from './records';

const subjectOf = (certificate: IsolationCertificate) => ({ type: 'isolation' as const, id: certificate.IsolationCertificateId, locationId: certificate.LocationId });

/**
 * The permits naming a certificate, read without locking them: a permit updated meanwhile locks
 * its row, then restamps this certificate (020_isolations.sql), so waiting here for a permit would
 * deadlock with it. Safe all the same: a permit only starts to rely on the certificate through a
 * link, which waits for the certificate's lock held here, and a closed permit never reopens.
 */
async function relyingPermits(tx: Queryable, certificateId: string) {
  return tx.query<{ PermitInstanceReferenceId: string; State: PermitState }>(
    `select p.reference_id as "PermitInstanceReferenceId", p.state as "State"
       from isolation_links l join permits p on p.permit_instance_id = l.permit_instance_id
      where l.isolation_certificate_id = $1 and not p.deleted
      order by p.reference_id`,
    [certificateId],
  );
}

/** Refuses removing isolation while an open permit relies on it (domain/isolations/interlock). */
async function requireNoOpenPermit(tx: Queryable, certificate: IsolationCertificate, action: 'removePoint' | 'deisolate') {
  const refusal = interlock({ action, certificate, permits: await relyingPermits(tx, certificate.IsolationCertificateId) });
  if (refusal) throw conflict(refusal);
}

/** POST /isolations/step: isolate, verify, request de-isolation, de-isolate or cancel, with who and when. */
export async function stepCertificate(tx: Queryable, user: UserRecord, body: IsolationStepBody, now: Date): Promise<IsolationCertificate> {
  const { certificate, actor } = await certificateContext(tx, user, body.IsolationCertificateId);
  const to = allowed(decideStep(body.Action, certificate, actor));
  if (body.Action === 'deisolate') await requireNoOpenPermit(tx, certificate, 'deisolate');
  await saveCertificate(tx, { ...certificate, State: to, Steps: [...certificate.Steps, { State: to, By: stampOf(user, now) }] });
  await audit(tx, user, `isolation.${body.Action}`, subjectOf(certificate), {
    IsolationCertificateId: certificate.IsolationCertificateId, reference: certificate.ReferenceId, from: certificate.State, to,
  });
  return loadCertificate(tx, certificate.IsolationCertificateId, false);
}

const POINT_STAMP = { apply: 'IsolatedBy', verify: 'VerifiedBy', remove: 'RemovedBy' } as const;

/** POST /isolations/point: a point applied, verified (by someone else: two-person rule) or removed. */
export async function stepPoint(tx: Queryable, user: UserRecord, body: IsolationPointBody, now: Date): Promise<IsolationCertificate> {
  const { certificate, actor } = await certificateContext(tx, user, body.IsolationCertificateId);
  allowed(decidePoint(body.Action, body.PointId, certificate, actor));
  if (body.Action === 'remove') await requireNoOpenPermit(tx, certificate, 'removePoint');
  const stamp = stampOf(user, now);
  const points = certificate.Points.map((p) => (p.PointId === body.PointId ? { ...p, [POINT_STAMP[body.Action]]: stamp } : p));
  await saveCertificate(tx, { ...certificate, Points: points });
  const point = certificate.Points.find((p) => p.PointId === body.PointId)!;
  await audit(tx, user, `isolation.point.${body.Action}`, subjectOf(certificate), {
    IsolationCertificateId: certificate.IsolationCertificateId, reference: certificate.ReferenceId, PointId: point.PointId, tag: point.Tag, lock: point.LockNumber,
  });
  return loadCertificate(tx, certificate.IsolationCertificateId, false);
}

/** POST /isolations/zeroenergy: the zero-energy test's result, recorded before the certificate is VERIFIED. */
export async function recordZeroEnergy(tx: Queryable, user: UserRecord, body: ZeroEnergyBody, now: Date): Promise<IsolationCertificate> {
  const { certificate, actor } = await certificateContext(tx, user, body.IsolationCertificateId);
  allowed(decideZeroEnergy(certificate, actor));
  const result = body.Result.trim();
  await saveCertificate(tx, { ...certificate, ZeroEnergyTest: { Result: result, By: stampOf(user, now) } });
  await audit(tx, user, 'isolation.zeroenergy', subjectOf(certificate), { IsolationCertificateId: certificate.IsolationCertificateId, reference: certificate.ReferenceId, result });
  return loadCertificate(tx, certificate.IsolationCertificateId, false);
}
