// `npm run bench:workorders` — work-order import and search on a scratch PostgreSQL database.
// Import: 100,000 orders as one CSV file (time, rows/s). Search: p50/p95 of the search page's
// query over 1,000,000 orders, through POST /workorders/search's translator and beside the same
// search written by hand in SQL, in the same run. Prints figures; never fails on a time.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDemoIfEmpty } from '../server/seed/demo';
import { SYSTEM_ACTOR } from '../server/audit/record';
import { importWorkOrders } from '../server/workorders/import';
import { searchWorkOrders } from '../server/workorders/search';
import { workOrderSearchBody } from '../domain/workOrders';
import { quantile } from './stats';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const TOTAL = Number(process.env.TOTAL_ROWS ?? 1_000_000);
const QUERIES = 200;
const TERMS = ['pump', 'SOFT-101C', 'seal', 'UREA/CO2 AREA', 'valve', 'compressor', 'heater', 'exchanger', '4012345', 'inspect tank'];

function csv(rows: number): string {
  const lines = ['AUFNR,KTEXT,AUART,IWERK,TPLNR,PLTXT,GSTRP,VAPLZ,STTXT'];
  const assets = ['P-101A', 'SOFT-101C', 'E-104', 'V-201', 'F-101', 'C-301', 'TK-31', 'CV-212'];
  const works = ['Replace mechanical seal on pump', 'Inspect tank roof', 'Overhaul control valve', 'Clean exchanger bundle', 'Repair heater refractory', 'Compressor oil change in UREA/CO2 AREA'];
  const statuses = ['REL', 'SCHED', 'INPROG', 'PLND', 'TECO'];
  for (let i = 0; i < rows; i += 1) {
    const day = new Date(Date.now() + ((i % 60) - 40) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${4_000_000 + i},"${works[i % works.length]} ${i}",PM0${(i % 3) + 1},BP01,${(i % 40) + 10}-${assets[i % assets.length]},Asset ${i % 977},${day},MECH,${statuses[i % statuses.length]}`);
  }
  return lines.join('\n');
}

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

async function main() {
  const name = `workorders_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(db);
    await seedDemoIfEmpty(db, { permits: false });
    const file = csv(IMPORT_ROWS);
    const [report, importMs] = await time(() => importWorkOrders(db, { actor: SYSTEM_ACTOR, personnelId: null, serviceKeyId: null, onlySite: null }, { csv: file }, { defaultSite: 1, partial: false }));
    console.log(`import: ${report.created} created of ${IMPORT_ROWS} CSV rows (${(file.length / 1e6).toFixed(1)} MB) in ${(importMs / 1000).toFixed(2)} s = ${Math.round(IMPORT_ROWS / (importMs / 1000))} rows/s`);

    // The rest of the million straight in SQL, with the trigram index built once afterwards.
    await db.query('drop index workorders_text');
    const [, fillMs] = await time(() =>
      db.query(
        `insert into workorders (work_order_number, site_id, scheduled_start, description, status, asset_number, asset_description, source_system, operations)
         select 'F' || g, 1 + (g % 2), now() + ((g % 400) - 300) * interval '1 day',
                (array['Replace bearing on pump','Inspect vessel','Calibrate transmitter','Weld repair on line','Paint structure','Change valve packing'])[1 + g % 6] || ' ' || g,
                array[(array['REL','SCHED','INPROG','PLND','Closed'])[1 + g % 5]], 'A-' || (g % 50000), 'Asset ' || (g % 977), 'SAP', '[]'
           from generate_series(1, $1::int) g`,
        [Math.max(0, TOTAL - IMPORT_ROWS)],
      ),
    );
    await db.exec(`create index workorders_text on workorders using gin ((work_order_number || E'\\n' || asset_number || E'\\n' || description) gin_trgm_ops) where not deleted; analyze workorders;`);
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from workorders')) as [{ n: number }];
    console.log(`filled to ${n} work orders in ${(fillMs / 1000).toFixed(1)} s`);

    const ours: number[] = [];
    const hand: number[] = [];
    for (let i = 0; i < QUERIES; i += 1) {
      const text = TERMS[i % TERMS.length]!;
      const body = workOrderSearchBody(text, { status: i % 2 ? ['REL', 'SCHED'] : [] }, 1, 0, 20);
      const [, a] = await time(() => searchWorkOrders(db, [1, 2], body));
      // The same search by hand: every term a contains-match of the indexed expression; of the
      // newest 10,001 matches, the best-scoring first (a hit in the number, the asset or the description).
      const terms = text.split(/\s+/).map((t) => `%${t.replace(/[%_\\]/g, '\\$&')}%`);
      const where = `not deleted and site_id = 1 and site_id = any('{1,2}') and scheduled_start <= now()
        ${i % 2 ? `and status && '{REL,SCHED}'::text[]` : ''}
        and ${terms.map((_, k) => `(work_order_number || E'\\n' || asset_number || E'\\n' || description) ilike $${k + 1}`).join(' and ')}`;
      const [, b] = await time(() =>
        Promise.all([
          db.query(
            `select * from (select *, ${terms.map((_, k) => `(case when work_order_number ilike $${k + 1} then 3 else 0 end) + (case when asset_number ilike $${k + 1} then 2 else 0 end) + (case when description ilike $${k + 1} then 1 else 0 end)`).join(' + ')} as score
                from workorders where ${where} order by scheduled_start desc, site_id, work_order_number limit 10001) hits
              order by score desc, scheduled_start desc, site_id, work_order_number limit 20`,
            terms,
          ),
          db.query(`select count(*) from (select 1 from workorders where ${where} limit 10001) c`, terms),
        ]),
      );
      ours.push(a);
      hand.push(b);
    }
    const p = (xs: number[], q: number) => quantile(xs, q / 100).toFixed(1);
    console.log(`search over ${n}: ours p50 ${p(ours, 50)} ms, p95 ${p(ours, 95)} ms; hand-written SQL p50 ${p(hand, 50)} ms, p95 ${p(hand, 95)} ms; ratio p95 ${(quantile(ours, 0.95) / quantile(hand, 0.95)).toFixed(2)}x (${QUERIES} queries)`);
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
