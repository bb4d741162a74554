/**
 * The load run's database: the demo site, bench permits spread over Bayport, and the run's own
 * accounts — one contractor per puller (views all of Bayport, home location Bayport, so every
 * edit reaches every replica) and one per writer (also edits at Bayport).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedBench } from '../../server/seed/bench';
import { seedDemoIfEmpty } from '../../server/seed/demo';

/** The demo's Bayport Refinery: site 1, its root location. */
const BAYPORT = { siteId: 1, locationId: 100 };
const VIEW_PERMITS = 82;
const EDIT_PERMITS = 85;
export const LOAD_PASSWORD = 'Load#2026-not-a-secret';

export interface Account {
  email: string;
}

export interface LoadSeed {
  pullers: Account[];
  writers: Account[];
  /** Permits whose content anyone with the edit grant may change (SPEC §4: DRAFT, PRE-APPROVAL, PENDING). */
  editable: string[];
  seedMs: number;
}

/**
 * The accounts' hash in the server's format (server/auth/passwords.ts) with a cheap cost:
 * signing 220 people in at N=2^15 takes over a minute of CPU on a 2-core machine, and sign-in
 * is not what this run measures. The server reads the cost from the stored hash.
 */
function cheapHash(password: string): string {
  const [N, r, p] = [2 ** 10, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function seedLoad(databaseUrl: string, counts: { permits: number; pullers: number; writers: number; editable: number }): Promise<LoadSeed> {
  const started = performance.now();
  const db = await openDatabase({ databaseUrl });
  try {
    await migrate(db);
    await seedDemoIfEmpty(db);
    await seedBench(db, { permits: counts.permits, workOrders: 200, days: 14, seed: 1 });
    const view = { PermissionTypeId: VIEW_PERMITS, Locations: [BAYPORT.locationId] };
    const edit = { PermissionTypeId: EDIT_PERMITS, Locations: [BAYPORT.locationId] };
    const accounts = (role: 'puller' | 'writer', n: number, permissions: object[]) =>
      Array.from({ length: n }, (_, i) => ({ email: `${role}${i + 1}@load.test`, first_name: role, last_name: String(i + 1), permissions }));
    const rows = [...accounts('puller', counts.pullers, [view]), ...accounts('writer', counts.writers, [view, edit])];
    await db.query(
      `insert into users (email, kind, first_name, last_name, site_id, password_hash, company, signup_initiated, signup_complete, permissions, preferences)
       select email, 'external', first_name, last_name, $2, $3, 'Load Test Contractors', true, true, permissions, jsonb_build_object('HomeLocationId', $4::int)
         from jsonb_to_recordset($1::jsonb) as x(email text, first_name text, last_name text, permissions jsonb)`,
      [JSON.stringify(rows), BAYPORT.siteId, cheapHash(LOAD_PASSWORD), BAYPORT.locationId],
    );
    const of = (role: string) => rows.filter((r) => r.first_name === role).map((r) => ({ email: r.email }));
    const editable = await db.query<{ id: string }>(
      `select permit_instance_id as id from permits where site_id = $1 and state in ('DRAFT', 'PRE-APPROVAL', 'PENDING') order by permit_instance_id limit $2`,
      [BAYPORT.siteId, counts.editable],
    );
    return { pullers: of('puller'), writers: of('writer'), editable: editable.map((r) => r.id), seedMs: performance.now() - started };
  } finally {
    await db.close();
  }
}
