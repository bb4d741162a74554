import type { IsolationCertificate, IsolationPoint, IsolationState, IsolationStep, LinkedPermit, StepStamp, ZeroEnergyTest } from '../../schemas';
import type { Queryable } from '../db/database';
import { writeContext } from '../db/database';
import { notFound } from '../http/errors';
import type { UserRecord } from '../users/users';

/** The certificate's columns as its document, permits listed (with their state) from the links. */
export const CERTIFICATE_COLUMNS = `c.isolation_certificate_id, c.reference_id, c.site_id, c.location_id, c.equipment, c.description, c.state,
  c.points, c.zero_energy_test, c.steps, c.created_by, sync_text(c.date_changed) as date_changed,
  coalesce((select json_agg(json_build_object('PermitInstanceId', p.permit_instance_id, 'PermitInstanceReferenceId', p.reference_id,
                                              'State', p.state, 'LinkedBy', l.linked_by) order by p.reference_id)
              from isolation_links l join permits p on p.permit_instance_id = l.permit_instance_id
             where l.isolation_certificate_id = c.isolation_certificate_id and not p.deleted), '[]') as permits`;

export interface CertificateRow {
  isolation_certificate_id: string;
  reference_id: string;
  site_id: number;
  location_id: number;
  equipment: string;
  description: string;
  state: IsolationState;
  points: IsolationPoint[];
  zero_energy_test: ZeroEnergyTest | null;
  steps: IsolationStep[];
  created_by: StepStamp;
  date_changed: string;
  permits: LinkedPermit[];
}

export const presentCertificate = (row: CertificateRow): IsolationCertificate => ({
  IsolationCertificateId: row.isolation_certificate_id,
  ReferenceId: row.reference_id,
  SiteId: row.site_id,
  LocationId: row.location_id,
  Equipment: row.equipment,
  Description: row.description,
  State: row.state,
  Points: row.points,
  ZeroEnergyTest: row.zero_energy_test,
  Steps: row.steps,
  Permits: row.permits,
  CreatedBy: row.created_by,
  DateChanged: row.date_changed,
});

/** There is no certificate, or the user may not see it: both read the same, so nobody learns one exists elsewhere. */
export const noCertificate = (id: string) => notFound(`There is no isolation certificate ${id}.`);

/** A certificate; `lock` holds its row to the end of the transaction, so two steps on it run one after the other. */
export async function loadCertificate(tx: Queryable, id: string, lock: boolean): Promise<IsolationCertificate> {
  const [row] = await tx.query<CertificateRow>(
    `select ${CERTIFICATE_COLUMNS} from isolation_certificates c where c.isolation_certificate_id = $1 and not c.deleted${lock ? ' for update of c' : ''}`,
    [id],
  );
  if (!row) throw noCertificate(id);
  return presentCertificate(row);
}

/** Who did a step and when: the server's time and, when the request said, the device's. */
export const stampOf = (user: UserRecord, now: Date): StepStamp => ({
  PersonnelId: user.personnel_id,
  Name: `${user.first_name} ${user.last_name}`.trim(),
  At: now.toISOString(),
  DeviceAt: writeContext.getStore()?.deviceAt ?? null,
});

/** Writes what a step changes of a certificate. */
export async function saveCertificate(tx: Queryable, certificate: Pick<IsolationCertificate, 'IsolationCertificateId' | 'State' | 'Points' | 'ZeroEnergyTest' | 'Steps' | 'Equipment' | 'Description'>): Promise<void> {
  await tx.query(
    `update isolation_certificates set state = $2, points = $3, zero_energy_test = $4, steps = $5, equipment = $6, description = $7
      where isolation_certificate_id = $1`,
    [certificate.IsolationCertificateId, certificate.State, JSON.stringify(certificate.Points), certificate.ZeroEnergyTest ? JSON.stringify(certificate.ZeroEnergyTest) : null,
      JSON.stringify(certificate.Steps), certificate.Equipment, certificate.Description],
  );
}
