import type { GasReading, GasSettings } from '../../schemas';
import { rulesFor, type GasRules } from '../../domain/gasTests/limits';
import type { Queryable } from '../db/database';
import type { StoredPermit } from '../permits/records';
import { loadGasSettings } from './settings';

/** A permit's readings, oldest first. */
export async function readingsOf(tx: Queryable, permitId: string): Promise<GasReading[]> {
  const rows = await tx.query<{ reading: GasReading }>(
    `select r.reading || jsonb_build_object('ReadingId', r.reading_id, 'PermitInstanceId', r.permit_instance_id,
                                           'TakenAt', sync_text(r.taken_at), 'ReceivedAt', sync_text(r.received_at)) as reading
       from gas_readings r where r.permit_instance_id = $1 order by r.taken_at, r.received_at, r.reading_id`,
    [permitId],
  );
  return rows.map((r) => r.reading);
}

/** The rules a permit's readings are judged on: its site's settings for its types. */
export async function permitRules(tx: Queryable, permit: Pick<StoredPermit, 'SiteId' | 'permitTypes'>): Promise<{ rules: GasRules; settings: GasSettings }> {
  const settings = await loadGasSettings(tx, permit.SiteId);
  return { settings, rules: rulesFor(settings, permit.permitTypes.map((t) => t.Name)) };
}
