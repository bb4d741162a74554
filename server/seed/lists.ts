import type { Queryable } from '../db/database';
import { DEMO_LOCATIONS } from './demoSite';
import { FORM_LISTS } from './forms/common';

/** Every demo site gets the lists its seeded forms read through `properties.listKey`. */
export async function seedDemoLists(tx: Queryable): Promise<void> {
  const sites = [...new Set(DEMO_LOCATIONS.map(([, , site]) => site))];
  for (const site of sites) {
    for (const [key, values] of Object.entries(FORM_LISTS)) {
      await tx.query('insert into lists (site_id, field_key, items) values ($1, $2, $3)', [site, key, JSON.stringify(values.map((v) => ({ Label: v, Value: v })))]);
    }
  }
}
