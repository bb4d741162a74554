import type { GasReading, GasStamp, GasSuspension, PermitGasTests, SuspensionCause } from '../../schemas';
import type { Queryable } from '../db/database';
import type { StoredPermit } from '../permits/records';
import type { UserRecord } from '../users/users';

/** A permit's gas tests as one document: its readings (oldest first) and its suspensions. */
export const GAS_TESTS_COLUMNS = `g.permit_instance_id, g.site_id, g.location_id, sync_text(g.date_changed) as date_changed,
  coalesce((select json_agg(r.reading || jsonb_build_object('ReadingId', r.reading_id, 'PermitInstanceId', r.permit_instance_id,
                                                           'TakenAt', sync_text(r.taken_at), 'ReceivedAt', sync_text(r.received_at))
                            order by r.taken_at, r.received_at, r.reading_id)
              from gas_readings r where r.permit_instance_id = g.permit_instance_id), '[]') as readings,
  coalesce((select json_agg(json_build_object('SuspensionId', s.suspension_id::text, 'Cause', s.cause, 'Reason', s.reason,
                                              'SuspendedBy', s.suspended_by, 'ReadingId', s.reading_id, 'AreaLocationId', s.area_location_id,
                                              'ResumedBy', s.resumed_by, 'ResumeComment', s.resume_comment, 'ResumeReadingId', s.resume_reading_id)
                            order by s.suspension_id)
              from gas_suspensions s where s.permit_instance_id = g.permit_instance_id), '[]') as suspensions`;

export interface GasTestsRow {
  permit_instance_id: string;
  site_id: number;
  location_id: number;
  date_changed: string;
  readings: GasReading[];
  suspensions: GasSuspension[];
}

export const presentGasTests = (row: GasTestsRow): PermitGasTests => ({
  PermitInstanceId: row.permit_instance_id,
  SiteId: row.site_id,
  LocationId: row.location_id,
  Readings: row.readings,
  Suspensions: row.suspensions,
  Suspended: row.suspensions.some((s) => s.ResumedBy === null),
  DateChanged: row.date_changed,
});

/** A permit's gas tests; a permit without any reads as an empty document, not as missing. */
export async function loadGasTests(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'SiteId' | 'LocationId'>): Promise<PermitGasTests> {
  const [row] = await tx.query<GasTestsRow>(`select ${GAS_TESTS_COLUMNS} from gas_tests g where g.permit_instance_id = $1`, [permit.PermitInstanceId]);
  if (row) return presentGasTests(row);
  return { PermitInstanceId: permit.PermitInstanceId, SiteId: permit.SiteId, LocationId: permit.LocationId, Readings: [], Suspensions: [], Suspended: false, DateChanged: '' };
}

/**
 * The permit's gas tests row, made on its first reading or suspension, and restamped: every
 * change of its readings or suspensions is a new version of its sync document.
 */
export async function touchGasTests(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'SiteId' | 'LocationId'>): Promise<void> {
  await tx.query(
    `insert into gas_tests (permit_instance_id, site_id, location_id) values ($1, $2, $3)
     on conflict (permit_instance_id) do update set deleted = gas_tests.deleted`,
    [permit.PermitInstanceId, permit.SiteId, permit.LocationId],
  );
}

/** The suspension in force on a permit: when it began, on the server's clock; null when work goes on. */
export async function suspensionInForce(tx: Queryable, permitId: string): Promise<{ id: string; at: string } | null> {
  const [row] = await tx.query<{ id: string; at: string }>(
    'select suspension_id::text as id, sync_text(suspended_at) as at from gas_suspensions where permit_instance_id = $1 and resumed_at is null',
    [permitId],
  );
  return row ?? null;
}

/** Who, as a suspension or a reading keeps it; the server (PersonnelId null) when no one did. */
export const gasStamp = (user: Pick<UserRecord, 'personnel_id' | 'first_name' | 'last_name'> | null, now: Date): GasStamp => ({
  PersonnelId: user?.personnel_id ?? null,
  Name: user ? `${user.first_name} ${user.last_name}`.trim() : 'OpenPermit',
  At: now.toISOString(),
});

export interface NewSuspension {
  cause: SuspensionCause;
  reason: string;
  by: GasStamp;
  readingId?: string;
  areaLocationId?: number;
}

/** Records a suspension of the permit's work; the caller has checked none is in force. */
export async function insertSuspension(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'SiteId' | 'LocationId'>, s: NewSuspension, now: Date): Promise<string> {
  await touchGasTests(tx, permit);
  const [row] = await tx.query<{ id: string }>(
    `insert into gas_suspensions (permit_instance_id, cause, reason, suspended_by, suspended_at, reading_id, area_location_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning suspension_id::text as id`,
    [permit.PermitInstanceId, s.cause, s.reason, JSON.stringify(s.by), now.toISOString(), s.readingId ?? null, s.areaLocationId ?? null],
  );
  return row!.id;
}
