import type { Database } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { DEMO_LOCATIONS, DEMO_PASSWORD, DEMO_PRINTERS, DEMO_SETTINGS, DEMO_USERS, demoMetadata } from './demoSite';
import { seedDemoDefinitions } from './definitions';
import { seedDemoLists } from './lists';
import { finishDemoIsolations, seedDemoIsolations } from './demoIsolations';
import { seedDemoGasTests } from './demoGasTests';
import { seedDemoHandovers } from './demoHandovers';
import { seedDemoPermits } from './demoPermits';
import { seedDemoPlotPlans } from './demoPlotPlans';
import { seedDemoSimops } from './demoSimops';
import { seedDemoWorkOrders } from './workOrders';

export { DEMO_PASSWORD, DEMO_USERS };

export interface DemoSeedOptions {
  /** The permit definitions, a permit in every state and isolation certificates (default); tests of other areas start without them. */
  permits?: boolean;
  now?: Date;
}

/**
 * Seeds the demo site into an empty database, and never into one that has data.
 * Returns whether it seeded.
 */
export async function seedDemoIfEmpty(db: Database, { permits = true, now = new Date() }: DemoSeedOptions = {}): Promise<boolean> {
  // Hash before the transaction: scrypt is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
      'select (select count(*) from users) + (select count(*) from locations) as count',
    );
    if (Number(count) > 0) return false;

    for (const [id, parent, site, title, enabled, permitting] of DEMO_LOCATIONS) {
      await tx.query(
        'insert into locations (location_id, parent_location_id, site_id, title, enabled_flag, permitting_enabled) values ($1, $2, $3, $4, $5, $6)',
        [id, parent, site, title, enabled, permitting],
      );
    }
    await seedDemoPlotPlans(tx);
    await seedDemoSimops(tx);
    for (const [locationId, gasRule] of [[100, true], [200, false], [210200, true]] as const) {
      await tx.query('insert into location_metadata (location_id, metadata) values ($1, $2)', [locationId, JSON.stringify(demoMetadata(gasRule))]);
    }
    await seedDemoLists(tx);
    for (const [locationId, name, uri, color] of DEMO_PRINTERS) {
      await tx.query('insert into printers (location_id, name, uri, supports_color, default_color) values ($1, $2, $3, $4, $4)', [locationId, name, uri, color]);
    }
    for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
      await tx.query('insert into remote_settings (key, value) values ($1, $2)', [key, JSON.stringify(value)]);
    }
    for (const user of DEMO_USERS) {
      const [row] = await tx.query<{ personnel_id: number }>(
        `insert into users (email, kind, first_name, last_name, site_id, sys_admin_flag, password_hash, company,
                            signup_initiated, signup_complete, permissions)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) returning personnel_id`,
        [user.email, user.kind, user.firstName, user.lastName, user.siteId, user.sysAdmin ?? false, passwordHash,
          user.company ?? null, user.kind === 'external', JSON.stringify(user.permissions)],
      );
      await tx.query('update users set preferences = $2 where personnel_id = $1', [
        row!.personnel_id,
        JSON.stringify({ HomeLocationId: user.homeLocationId }),
      ]);
    }
    await seedDemoWorkOrders(tx);
    if (permits) {
      const person = async (email: string) => {
        const [row] = await tx.query<{ personnel_id: number; name: string }>(`select personnel_id, first_name || ' ' || last_name as name from users where email = $1`, [email]);
        return { personnelId: row!.personnel_id, name: row!.name };
      };
      await seedDemoDefinitions(tx, { admin: await person('admin@demo.test'), issuer: await person('issuer@demo.test') }, now);
      await seedDemoIsolations(tx, now);
      await seedDemoPermits(tx, now);
      await seedDemoGasTests(tx, now);
      await finishDemoIsolations(tx, now);
      await seedDemoHandovers(tx, now);
    }
    return true;
  });
}

/** Whether the demo cast is in this database (to print its sign-ins). */
export async function hasDemoUsers(db: Database): Promise<boolean> {
  const rows = await db.query('select 1 from users where lower(email) = $1', [DEMO_USERS[0]!.email]);
  return rows.length > 0;
}
