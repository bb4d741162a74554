import type { CreateIsolationBody, EditIsolationBody, IsolationCertificate, IsolationPoint, IsolationPointPlan } from '../../schemas';
import { decideEdit } from '../../domain/isolations/lifecycle';
import { audit } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { badRequest, conflict } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { editableLocation } from '../permits/create';
import type { UserRecord } from '../users/users';
import { allowed, certificateContext } from './context';
import { loadCertificate, saveCertificate, stampOf } from './records';

/** Planned points, none applied yet; two points of one id would make every later step ambiguous. */
function plannedPoints(plans: readonly IsolationPointPlan[]): IsolationPoint[] {
  const seen = new Set<string>();
  for (const plan of plans) {
    if (seen.has(plan.PointId)) throw badRequest(`Two points share the id ${plan.PointId}: give every point its own id.`);
    seen.add(plan.PointId);
  }
  return plans.map((plan) => ({ ...plan, Tag: plan.Tag.trim(), IsolatedBy: null, VerifiedBy: null, RemovedBy: null }));
}

/**
 * POST /isolations: a PLANNED certificate under the client's id, numbered IC-YYYY-NNNNNN as it
 * arrives. A resend of the same request finds it made (created: false) rather than making a second.
 */
export function createCertificate(db: Database, user: UserRecord, body: CreateIsolationBody, now: Date): Promise<{ created: boolean; certificate: IsolationCertificate }> {
  return db.transaction((tx) => createCertificateIn(tx, user, body, now));
}

/** createCertificate in a transaction of the caller's (the demo seed's). */
export async function createCertificateIn(tx: Queryable, user: UserRecord, body: CreateIsolationBody, now: Date): Promise<{ created: boolean; certificate: IsolationCertificate }> {
  const [taken] = await tx.query<{ created_by: { PersonnelId: number } }>('select created_by from isolation_certificates where isolation_certificate_id = $1', [body.IsolationCertificateId]);
  if (taken) {
    if (taken.created_by.PersonnelId !== user.personnel_id) throw conflict(`An isolation certificate with id ${body.IsolationCertificateId} exists already. Create a new certificate with a new id.`);
    return { created: false, certificate: await loadCertificate(tx, body.IsolationCertificateId, false) };
  }
  const location = editableLocation(await loadLocationTree(tx), user, body.LocationId);
  const points = plannedPoints(body.Points);
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(`select nextval('isolation_reference')::int as n`);
  const reference = `IC-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
  const stamp = stampOf(user, now);
  await tx.query(
    `insert into isolation_certificates (isolation_certificate_id, reference_id, site_id, location_id, equipment, description, points, steps, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [body.IsolationCertificateId, reference, location.SiteId, location.LocationId, body.Equipment.trim(), body.Description.trim(),
      JSON.stringify(points), JSON.stringify([{ State: 'PLANNED', By: stamp }]), JSON.stringify(stamp)],
  );
  await audit(tx, user, 'isolation.create', { type: 'isolation', id: body.IsolationCertificateId, locationId: location.LocationId }, {
    IsolationCertificateId: body.IsolationCertificateId, reference, equipment: body.Equipment.trim(), points: points.map((p) => p.Tag),
  });
  return { created: true, certificate: await loadCertificate(tx, body.IsolationCertificateId, false) };
}

/** PUT /isolations: the plan changes while PLANNED and before any lock is on. */
export async function editCertificate(tx: Queryable, user: UserRecord, body: EditIsolationBody): Promise<IsolationCertificate> {
  const { certificate, actor } = await certificateContext(tx, user, body.IsolationCertificateId);
  allowed(decideEdit(certificate, actor));
  const edited = {
    ...certificate,
    Equipment: body.Equipment?.trim() ?? certificate.Equipment,
    Description: body.Description?.trim() ?? certificate.Description,
    Points: body.Points ? plannedPoints(body.Points) : certificate.Points,
  };
  await saveCertificate(tx, edited);
  await audit(tx, user, 'isolation.edit', { type: 'isolation', id: certificate.IsolationCertificateId, locationId: certificate.LocationId }, {
    IsolationCertificateId: certificate.IsolationCertificateId, reference: certificate.ReferenceId,
    ...(body.Equipment !== undefined && { equipment: edited.Equipment }), ...(body.Points && { points: edited.Points.map((p) => p.Tag) }),
  });
  return loadCertificate(tx, certificate.IsolationCertificateId, false);
}
