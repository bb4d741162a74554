import type { Queryable } from '../db/database';
import { DEFAULT_SIMOPS_SETTINGS } from '../../domain/simops/matrix';
import { simopsSettingKey } from '../simops/settings';

/**
 * Bayport's SIMOPS set-up: the default matrix, and its plot plan calibrated as an administrator
 * would, 1,020 units across the sheet being the refinery's 510 m.
 */
export async function seedDemoSimops(tx: Queryable): Promise<void> {
  const settings = { ...DEFAULT_SIMOPS_SETTINGS, PlanScales: { 100: 0.5 } };
  await tx.query('insert into remote_settings (key, value) values ($1, $2) on conflict (key) do nothing', [simopsSettingKey(1), JSON.stringify(settings)]);
}
