import type { IsolationCertificate } from '../../schemas';
import { abilitiesAt } from '../../domain/abilities';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { forbidden } from '../http/errors';
import { renderIsolationPdf } from '../print/isolationPdf';
import { granteeOf, type UserRecord } from '../users/users';
import { certificateContext } from './context';
import { CERTIFICATE_COLUMNS, presentCertificate, type CertificateRow } from './records';

/** The certificates a permit names, for its PDF: each with its points and signatures as they stand. */
export async function certificatesOfPermit(tx: Queryable, permitId: string): Promise<IsolationCertificate[]> {
  const rows = await tx.query<CertificateRow>(
    `select ${CERTIFICATE_COLUMNS} from isolation_links l join isolation_certificates c on c.isolation_certificate_id = l.isolation_certificate_id
      where l.permit_instance_id = $1 and not c.deleted order by c.reference_id`,
    [permitId],
  );
  return rows.map(presentCertificate);
}

/** GET /isolationpdf: the certificate as paper for the lock box, for those who may print permits at its location (SPEC §6). */
export async function isolationPdf(db: Queryable, config: Config, user: UserRecord, id: string): Promise<{ pdf: Uint8Array; reference: string }> {
  const { certificate, tree } = await certificateContext(db, user, id, false);
  const locationTitle = tree.byId.get(certificate.LocationId)?.Title ?? `location ${certificate.LocationId}`;
  if (!abilitiesAt(granteeOf(user), tree, certificate.LocationId).permits.print) {
    throw forbidden(`You do not have permission to print at ${locationTitle}.`);
  }
  const pdf = await renderIsolationPdf({
    certificate,
    locationTitle,
    pageUrl: `${config.publicUrl}/isolations/${encodeURIComponent(id)}`,
    printedAt: new Date(),
    printedBy: `${user.first_name} ${user.last_name}`.trim(),
  });
  return { pdf, reference: certificate.ReferenceId };
}
