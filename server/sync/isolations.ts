import { CERTIFICATE_COLUMNS, presentCertificate, type CertificateRow } from '../isolations/records';
import { toPage, type PageRow, type Source } from './page';

/**
 * Isolation certificates at the locations the user may view, with their points and the permits
 * that name them (a permit's change of state restamps them: 020_isolations.sql). Certificates
 * never move, so the scope's fingerprint alone answers a change of sight (resync).
 */
export const pullIsolations: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<CertificateRow & PageRow>(
    `select ${CERTIFICATE_COLUMNS}, c.isolation_certificate_id as doc_id, sync_text(c.date_changed) as doc_date, not c.deleted as live, count(*) over () as total
       from isolation_certificates c
      where c.location_id = any($1::int[]) and (c.date_changed, c.isolation_certificate_id) > ($3::timestamptz, $4::text)
        and (not c.deleted or c.date_changed > $2::timestamptz)
      order by c.date_changed, c.isolation_certificate_id
      limit $5`,
    [scope.viewable, at.since, at.date, at.id, limit],
  );
  return toPage(rows, 'IsolationCertificateId', presentCertificate);
};
