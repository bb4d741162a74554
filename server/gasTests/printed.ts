import type { Queryable } from '../db/database';
import type { StoredPermit } from '../permits/records';
import type { PrintedGasTests } from '../print/gasTestsSection';
import { loadGasTests } from './records';
import { permitRules } from './rules';

/** What the permit PDF prints of the permit's gas tests: its readings and suspensions, its site's limits for its types, the site's clock. */
export async function printedGasTests(tx: Queryable, permit: Pick<StoredPermit, 'PermitInstanceId' | 'SiteId' | 'LocationId' | 'permitTypes'>): Promise<PrintedGasTests> {
  const { rules, settings } = await permitRules(tx, permit);
  return { gasTests: await loadGasTests(tx, permit), rules, timeZone: settings.TimeZone };
}
