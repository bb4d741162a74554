import type { IsolationCertificate, IsolationLinkBody, IsolationState } from '../../schemas';
import { approvalBasisRefusal } from '../../domain/isolations/approvalBasis';
import { interlock } from '../../domain/isolations/interlock';
import { audit } from '../audit/record';
import type { Queryable } from '../db/database';
import { conflict, forbidden } from '../http/errors';
import { permitContext } from '../permits/context';
import type { StoredPermit } from '../permits/records';
import type { UserRecord } from '../users/users';
import { certificateContext } from './context';
import { loadCertificate, stampOf } from './records';

/**
 * The permit and the certificate of a link change, both locked — the permit first, as a permit's
 * change of state locks it and then restamps its certificates — and permits.edit at both
 * locations: the link changes both.
 */
async function linkContext(tx: Queryable, user: UserRecord, body: IsolationLinkBody) {
  const { permit, actor: onPermit, locationTitle } = await permitContext(tx, user, body.PermitInstanceId);
  const { certificate, actor, tree } = await certificateContext(tx, user, body.IsolationCertificateId);
  if (!actor.edit) throw forbidden(`You do not have permission to change isolations at ${actor.locationTitle}: it needs permits.edit there.`);
  if (!onPermit.edit) throw forbidden(`You do not have permission to create or edit permits at ${locationTitle}.`);
  if (permit.SiteId !== certificate.SiteId) {
    const site = (id: number) => tree.byId.get(id)?.Title ?? `site ${id}`;
    throw conflict(`Permit ${permit.PermitInstanceReferenceId} is at ${site(permit.LocationId)} and isolation certificate ${certificate.ReferenceId} at ${site(certificate.LocationId)}, another site: a permit relies only on isolations of its own site.`);
  }
  return { certificate, permit };
}

const linkDetail = (certificate: IsolationCertificate, permit: StoredPermit) => ({
  IsolationCertificateId: certificate.IsolationCertificateId, reference: certificate.ReferenceId,
  LinkedPermitInstanceId: permit.PermitInstanceId, permitReference: permit.PermitInstanceReferenceId,
});

/** A change of links restamps the certificate: its document lists its permits. */
const restamp = (tx: Queryable, id: string) => tx.query('update isolation_certificates set deleted = deleted where isolation_certificate_id = $1', [id]);

/** POST /isolations/link: the permit names the certificate. Naming it again changes nothing. */
export async function linkPermit(tx: Queryable, user: UserRecord, body: IsolationLinkBody, now: Date): Promise<IsolationCertificate> {
  const { certificate, permit } = await linkContext(tx, user, body);
  if (certificate.Permits.some((p) => p.PermitInstanceId === permit.PermitInstanceId)) return certificate;
  const refusal = interlock({ action: 'linkPermit', permit, certificate });
  if (refusal) throw conflict(refusal);
  await tx.query('insert into isolation_links (isolation_certificate_id, permit_instance_id, linked_by) values ($1, $2, $3)', [
    certificate.IsolationCertificateId, permit.PermitInstanceId, JSON.stringify(stampOf(user, now)),
  ]);
  await restamp(tx, certificate.IsolationCertificateId);
  await audit(tx, user, 'isolation.link', { type: 'isolation', id: certificate.IsolationCertificateId, locationId: certificate.LocationId }, linkDetail(certificate, permit));
  return loadCertificate(tx, certificate.IsolationCertificateId, false);
}

/** POST /isolations/unlink: the permit stops naming the certificate, only while it was never approved. */
export async function unlinkPermit(tx: Queryable, user: UserRecord, body: IsolationLinkBody): Promise<IsolationCertificate> {
  const { certificate, permit } = await linkContext(tx, user, body);
  if (!certificate.Permits.some((p) => p.PermitInstanceId === permit.PermitInstanceId)) {
    throw conflict(`Permit ${permit.PermitInstanceReferenceId} does not name isolation certificate ${certificate.ReferenceId}.`);
  }
  const refusal = interlock({ action: 'unlinkPermit', permit, certificate });
  if (refusal) throw conflict(refusal);
  await tx.query('delete from isolation_links where isolation_certificate_id = $1 and permit_instance_id = $2', [certificate.IsolationCertificateId, permit.PermitInstanceId]);
  await restamp(tx, certificate.IsolationCertificateId);
  await audit(tx, user, 'isolation.unlink', { type: 'isolation', id: certificate.IsolationCertificateId, locationId: certificate.LocationId }, linkDetail(certificate, permit));
  return loadCertificate(tx, certificate.IsolationCertificateId, false);
}

/** The certificates a permit names now, with their state, by reference. */
const namedCertificates = (tx: Queryable, permitId: string) =>
  tx.query<{ IsolationCertificateId: string; ReferenceId: string; State: IsolationState }>(
    `select c.isolation_certificate_id as "IsolationCertificateId", c.reference_id as "ReferenceId", c.state as "State"
       from isolation_links l join isolation_certificates c on c.isolation_certificate_id = l.isolation_certificate_id
      where l.permit_instance_id = $1 and not c.deleted order by c.reference_id`,
    [permitId],
  );

/**
 * The interlock on the permit's side: a permit about to become APPROVED must have every
 * certificate it names VERIFIED. Read without locking the certificates (the permit's row is
 * locked already, and locks go permit first): a certificate moving on meanwhile can only leave
 * VERIFIED towards de-isolation, whose removals the open permit then blocks.
 */
export async function isolationApprovalRefusal(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'PermitInstanceReferenceId' | 'State'>): Promise<string | null> {
  const certificates = await namedCertificates(tx, permit.PermitInstanceId);
  return interlock({ action: 'approvePermit', permit, certificates });
}

/**
 * An approval applied only on the certificates the approver saw (`basis`, the ids its device
 * sent; undefined from an older device). The permit's row is locked, and a link change locks it
 * first too, so its links cannot change between this look and the approval's write.
 */
export async function approvalBasisRefusalOf(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'PermitInstanceReferenceId' | 'SiteId'>, basis: readonly string[] | undefined): Promise<string | null> {
  if (!basis) return null;
  const linked = await namedCertificates(tx, permit.PermitInstanceId);
  // The references of those relied on and no longer named, for the sentence: only of the permit's site, where a link could be.
  const known = await tx.query<{ IsolationCertificateId: string; ReferenceId: string }>(
    `select isolation_certificate_id as "IsolationCertificateId", reference_id as "ReferenceId"
       from isolation_certificates where isolation_certificate_id = any($1::text[]) and site_id = $2 and not deleted`,
    [[...basis], permit.SiteId],
  );
  const referenceOf = new Map(known.map((c) => [c.IsolationCertificateId, c.ReferenceId]));
  return approvalBasisRefusal({
    permit,
    basis: basis.map((id) => ({ IsolationCertificateId: id, ReferenceId: referenceOf.get(id) ?? null })),
    linked,
  });
}
