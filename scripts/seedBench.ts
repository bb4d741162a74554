// `npm run seed:bench -- --permits 5000 [--workorders 500] [--days 14] [--seed 1] [--locations 111,112]`
// Fills the database the server uses (DATABASE_URL, else the PGlite in DATA_DIR, default ./data)
// with realistic permits, approvals and work orders, seeding the demo site first if it is empty.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedBench } from '../server/seed/bench';
import { seedDemoIfEmpty } from '../server/seed/demo';

const { values } = parseArgs({
  options: {
    permits: { type: 'string', default: '5000' },
    workorders: { type: 'string' },
    days: { type: 'string', default: '14' },
    seed: { type: 'string', default: '1' },
    locations: { type: 'string' },
  },
});
const count = (name: string, value: string | undefined, fallback: number) => {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not "${value}"`);
  return n;
};
const permits = count('permits', values.permits, 5000);

const config = loadConfig();
const db = await openDatabase(config);
const started = performance.now();
try {
  await migrate(db);
  if (await seedDemoIfEmpty(db)) console.log('Seeded the demo site into the empty database.');
  const result = await seedBench(db, {
    permits,
    workOrders: count('workorders', values.workorders, Math.max(200, Math.round(permits / 10))),
    days: count('days', values.days, 14),
    seed: count('seed', values.seed, 1),
    locationIds: values.locations?.split(',').map((id) => count('locations', id, 0)),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Added ${result.permits} permits with their approvals and ${result.workOrders} work orders to ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL'} in ${seconds} s.`);
} finally {
  await db.close();
}
