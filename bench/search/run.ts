/**
 * `npm run bench:search [-- --permits 1000000 --runs 30 --keep --reuse DBNAME]`
 *
 * Server search at scale (issue 15): seeds a scratch PostgreSQL database (in BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres) with a million permits, then times the four
 * searches through the real route (Fastify inject, signed in) beside the same queries written by
 * hand in SQL, alternating, in the same run. Prints p50/p95; never fails on a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemoIfEmpty } from '../../server/seed/demo';
import { formatSamples, quantile } from '../stats';
import { benchQueries } from './queries';
import { seedMillion } from './seed';

const { values } = parseArgs({
  options: {
    permits: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const log = (line: string) => console.log(line);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = values.reuse ?? `search_bench_${Date.now().toString(36)}`;
const urlOf = (db: string) => Object.assign(new URL(adminUrl), { pathname: `/${db}` }).toString();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (!values.reuse) await admin(`create database ${name}`);
const db = await openDatabase({ databaseUrl: urlOf(name) });
const scratch = mkdtempSync(join(tmpdir(), 'openpermit-search-bench-'));
try {
  await migrate(db);
  if (!values.reuse) {
    await seedDemoIfEmpty(db, { permits: false });
    log(`Seeding ${Number(values.permits).toLocaleString('en-US')} permits into ${name}…`);
    // One connection: the load turns triggers off for its session only.
    const client = new pg.Client({ connectionString: urlOf(name) });
    await client.connect();
    try {
      await seedMillion({ query: async (sql, params) => (await client.query(sql, params)).rows, exec: async (sql) => void (await client.query(sql)) }, Number(values.permits), log);
    } finally {
      await client.end();
    }
  }
  const app = await buildApp({ ...loadConfig({}), dataDir: scratch, staticDir: '/nonexistent', oidcIssuer: 'https://login.bench.test' }, db, { logger: false, oidcJwks: { keys: [] } });
  const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { EmailAddress: 'contractor@demo.test', Password: 'Demo#2026' } });
  const token = signin.json<{ accessToken: string }>().accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const [me] = await db.query<{ personnel_id: number }>(`select personnel_id from users where email = 'contractor@demo.test'`);
  // Home at the site's root: the whole of Bayport is in the user's View scope (about half the permits).
  await app.inject({ method: 'POST', url: '/api/userpref', headers, payload: { PersonnelId: me!.personnel_id, HomeLocationId: 100 } });
  const viewable = [100, 110, 111, 112, 120, 121, 122, 130, 131];
  const [{ n: inScope } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from permits where location_id = any($1)', [viewable]);
  const [{ wo } = { wo: '' }] = await db.query<{ wo: string }>(`select work_order_number as wo from permits where location_id = 111 order by permit_instance_id limit 1`);
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const queries = benchQueries(wo, from.toISOString().slice(0, 10), to.toISOString().slice(0, 10));
  const runs = Number(values.runs);
  log(`\n${inScope.toLocaleString('en-US')} permits in the user's scope; ${runs} runs of each after 3 warm-ups, search and SQL alternating.\n`);
  log('| query | total | search p50 | search p95 | SQL p50 | SQL p95 | p95 ratio | target p95 ≤ 50 ms, ≤ 1.5× |');
  log('|---|---|---|---|---|---|---|---|');
  for (const query of queries) {
    const searchMs: number[] = [];
    const sqlMs: number[] = [];
    let total = '';
    for (let i = 0; i < runs + 3; i++) {
      let at = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/permits/search', headers, payload: query.body });
      const searchTime = performance.now() - at;
      if (response.statusCode !== 200) throw new Error(`${query.name}: ${response.statusCode} ${response.body}`);
      at = performance.now();
      const [row] = await db.query<{ total: number }>(query.sql, [viewable, ...query.params]);
      const sqlTime = performance.now() - at;
      if (i < 3) continue;
      searchMs.push(searchTime);
      sqlMs.push(sqlTime);
      const t = response.json<{ hits: { total: { value: number; relation: string } } }>().hits.total;
      total = `${t.value}${t.relation === 'gte' ? '+' : ''} (SQL ${Math.min(row!.total, 10000)}${row!.total > 10000 ? '+' : ''})`;
    }
    const [s50, s95, q50, q95] = [quantile(searchMs, 0.5), quantile(searchMs, 0.95), quantile(sqlMs, 0.5), quantile(sqlMs, 0.95)];
    const ratio = s95 / q95;
    const met = s95 <= 50 && ratio <= 1.5 ? 'yes' : 'NO';
    log(`| ${query.name} | ${total} | ${s50.toFixed(1)} ms | ${s95.toFixed(1)} ms | ${q50.toFixed(1)} ms | ${q95.toFixed(1)} ms | ${ratio.toFixed(2)}× | ${met} |`);
    if (process.env.BENCH_SAMPLES) log(`  search: ${formatSamples(searchMs)}\n  sql: ${formatSamples(sqlMs)}`);
  }
  await app.close();
} finally {
  await db.close();
  rmSync(scratch, { recursive: true, force: true });
  if (values.keep || values.reuse) log(`\nKept the database ${name} (--reuse ${name} to run again without seeding).`);
  else await admin(`drop database if exists ${name} with (force)`);
}
