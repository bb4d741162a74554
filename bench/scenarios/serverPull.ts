/**
 * Server pull at scale (issue 13): 1,000,000 permits across 200 locations in a scratch
 * PostgreSQL database; the pages of a first sync and of a catch-up pull for a user who sees 3
 * of those locations, timed in the server's own code (the route's pullPage minus HTTP), with
 * the EXPLAIN ANALYZE of the permits page query printed. The indexes it relies on are those of
 * server/db/migrations (011_performance.sql adds the ones for this query).
 *
 * Each seeded database is kept between runs (`perf_pull_<permits>x<locations>` and the small
 * one's `…_at3`; seeding 1M permits takes minutes) and migrated forward on the next:
 * BENCH_RESEED=1 seeds them again, and BENCH_SCALE_SUFFIX=_name keeps apart the databases of
 * checkouts sharing one PostgreSQL. Their dates are relative to when they were seeded, so a seed
 * days old has a few less in scope.
 */
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { brotliCompressSync, constants } from 'node:zlib';
import pg from 'pg';
import { OPEN_PERMIT_STATES } from '../../schemas';
import { PULL_BATCH_SIZE } from '../../replication/sync';
import { openDatabase, type Database, type Queryable } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { BEGINNING, type After } from '../../server/sync/page';
import { pullPermits } from '../../server/sync/permits';
import { documentsJson, syncPageText } from '../../server/sync/pull';
import type { SyncScope } from '../../server/sync/scope';
import { quantile } from '../stats';

export interface PullMeasure {
  permits: number;
  locations: number;
  inScope: number;
  seedMs: number;
  /** Per page of a first sync (PULL_BATCH_SIZE documents), over every run. */
  pageMs: number[];
  /** The same pages to the bytes the route sends: the query, the response body, brotli as server/http/delivery.ts. */
  requestMs: number[];
  /** The last first-sync page: its JSON and its brotli bytes. */
  pageBytes: { json: number; brotli: number };
  /** A pull after the first sync with one new change at the user's locations. */
  catchUpMs: number[];
  /**
   * CPU per first-sync page, which other load inflates less than the times (caches and cores shared):
   * this process's (all its threads, the garbage collector's included) and, when PostgreSQL runs
   * on this machine, its backends' (null otherwise).
   */
  cpuMs: { server: number; postgres: number | null };
  /** Per first-sync page, the garbage collector's pauses inside it (ms): what made the slowest pages at 1M. */
  gcMs: number[];
  explain: string[];
}

/**
 * The same user's pulls on the database at scale and on a small one that holds only the
 * permits at the user's 3 locations: what scale adds to a page is the difference.
 */
export interface ServerPullResult {
  scale: PullMeasure;
  small: PullMeasure;
}

const FIRST_LOCATION = 9000;
/** Pages read on each database before the readings: a process's first ten or so were slower, in steps, as V8 optimised the path. */
const WARM_PAGES = 20;
/** The user's home location and its two children: what they can see. */
const VIEWABLE = [FIRST_LOCATION, FIRST_LOCATION + 1, FIRST_LOCATION + 2];

/**
 * Seeds in SQL: 1M rows built by the server in ~a minute, where a JS loop would take many.
 * `permits` across `locations` as they were at `at`; with `kept`, only those at the first `kept`
 * locations, row for row what the database of all of them holds there when seeded at the same `at`.
 */
export async function seedAtScale(db: Queryable, permits: number, locations: number, at: string, kept = locations): Promise<void> {
  await db.query(
    `insert into locations (location_id, parent_location_id, site_id, title, permitting_enabled)
     select $1::int + i, case when i in (1, 2) then $1::int else 0 end, 1, 'Scale unit ' || i, true from generate_series(0, $2::int - 1) i`,
    [FIRST_LOCATION, kept],
  );
  // The change triggers would queue a million notifications: the seed is not a change anyone follows.
  await db.query('alter table permits disable trigger user');
  // Two years of permits; those of the last three weeks in open states, older ones mostly closed.
  await db.query(
    `insert into permits (permit_instance_id, reference_id, permit_definition_id, state, content, content_state, created_by, created_on,
                          site_id, location_id, location_history, asset_number, work_order_number, company_name, permit_issuer, date_changed,
                          approvals, approval_summary)
     select 'scale-' || lpad(i::text, 7, '0'), 'HW-' || i, 'hot-work-v1',
            case when age < 21 then (array['DRAFT','PRE-APPROVAL','PENDING','APPROVED','APPROVED','CLOSING','COMPLETED'])[1 + i % 7]
                 when i % 97 = 0 then 'TIMEOUT' else (array['COMPLETED','COMPLETED','COMPLETED','REJECTED','REVOKED'])[1 + i % 5] end,
            jsonb_build_object('hotWork', jsonb_build_object('job', 'Weld repair on 10-P-' || (i % 500) || ' nozzle', 'isolationReference', 'ISO-' || (1000 + i % 9000),
              'hazards', jsonb_build_array('Flammable atmosphere', 'Hot surfaces'), 'fireWatch', jsonb_build_object('name', 'Priya Raman', 'extinguisherChecked', true),
              'gasTests', jsonb_build_array(jsonb_build_object('O2', '20.9', 'LEL', '0', 'H2S', '0', 'CO', '1', 'tester', 'Tom Becker'),
                                            jsonb_build_object('O2', '20.8', 'LEL', '1', 'H2S', '0', 'CO', '2', 'tester', 'Aisha Bello')),
              'notes', repeat('Scaffold erected and inspected; area barricaded. ', 8))),
            decode(repeat(md5(i::text), 12), 'hex'), 1001, $5::timestamptz - make_interval(days => age, mins => i % 1440),
            1, $2::int + i % $3::int, array[$2::int + i % $3::int], '10-P-' || (i % 500), 'WO-' || (100000 + i), 'Gulf Coast Welding', 'Priya Raman',
            -- Changed after creation, never in the future (the sync clock stamps commits as they happen).
            least($5::timestamptz - make_interval(days => age, mins => i % 1440) + interval '2 hours', $5::timestamptz - make_interval(secs => i % 600 + 1)),
            -- Two approvals, as a hot work permit carries them in its document (015_permit_approvals.sql).
            (select jsonb_agg(jsonb_build_object('PermitApprovalId', 'scale-' || i || '-' || n, 'ApprovalLabel', label, 'ApprovalGroup', replace(label, ' ', ''),
                      'ApprovalName', replace(label, ' ', ''), 'ApprovalOrder', n, 'ApprovalPath', 'approvals.' || (n - 1), 'ApprovedByName', 'Tom Becker',
                      'ApprovedByPersonnelId', 1002, 'ApprovalDate', to_char($5::timestamptz - make_interval(days => age), 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                      'IsApproved', true, 'IsApprovalRequired', true, 'Nature', 'Approval', 'NotificationRecipient', null))
               from unnest(array['Area Authority', 'Issuing Authority']) with ordinality a(label, n)),
            '{"RequiredApprovals": 2, "MissingApprovals": 0, "ApprovalNature": "Approval"}'
       from (select i, ((i::bigint * 7919) % 730)::int as age from generate_series(1, $1::int) i where i % $3::int < $4::int) g`,
    [permits, FIRST_LOCATION, locations, kept, at],
  );
  await db.query('alter table permits enable trigger user');
  // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans need.
  await db.query('vacuum analyze permits');
  await db.query('analyze locations');
}

const scope: SyncScope = {
  viewable: VIEWABLE,
  served: VIEWABLE,
  listSites: [1],
  siteId: 1,
  personnelId: 1001,
  fingerprint: { permits: '', definitions: '', sitedata: '', workorders: '', templates: '', drafts: '', isolations: '', gastests: '', handovers: '' },
};

/**
 * Records the garbage collector's pauses of this process from now; `stop` gives, for each
 * interval of performance.now(), the pause time inside it (observers report pauses a little
 * after they end, so it waits for them first).
 */
function watchGc() {
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return async (intervals: { start: number; end: number }[]): Promise<number[]> => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    return intervals.map(({ start, end }) => pauses.reduce((ms, p) => ms + Math.max(0, Math.min(p.end, end) - Math.max(p.start, start)), 0));
  };
}

interface Timed {
  /** When the page started, on performance.now()'s clock. */
  started: number;
  ms: number;
  /** This process's CPU during `ms`. */
  cpuMs: number;
  requestMs: number;
  json: number;
  brotli: number;
  last: { DateChanged: string; id: string } | null;
  remaining: number;
}

/**
 * One page as the route reads it, one repeatable-read snapshot, then written out as the route
 * does (syncPageText) and compressed as @fastify/compress does (brotli quality 4).
 */
async function page(db: Database, at: After): Promise<Timed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await db.transaction((tx) => pullPermits(tx, scope, at, PULL_BATCH_SIZE), 'snapshot');
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  const body = syncPageText({ documents: documentsJson(result.documents), checkpoint: null, remaining: result.remaining, resync: false });
  const compressed = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return { started, ms, cpuMs: (user + system) / 1000, requestMs: performance.now() - started, json: Buffer.byteLength(body), brotli: compressed.length, last: result.last, remaining: result.remaining };
}

/**
 * CPU time (ms) the backends of this database have run, read from /proc (Linux, PostgreSQL on
 * this machine, a user allowed to read it), or null. Backends are listed anew on each call.
 */
async function backendsCpuMs(db: Database): Promise<Map<number, number> | null> {
  const pids = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
  const cpu = new Map<number, number>();
  try {
    // The first field of schedstat: nanoseconds on a CPU.
    for (const { pid } of pids) cpu.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
  } catch {
    return null;
  }
  return cpu;
}

/** The backends' CPU between two readings; a backend that started in between counts whole. */
function backendsCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let ms = 0;
  for (const [pid, total] of after) ms += total - (before.get(pid) ?? 0);
  return ms;
}

/** EXPLAIN ANALYZE of a permit page's query, caught as pullPermits sends it (its last query, after those that choose it). */
export async function explainPermitPage(db: Queryable, scope: SyncScope, at: After, limit = PULL_BATCH_SIZE): Promise<string> {
  let captured: { text: string; params: unknown[] } | null = null;
  const spy: Queryable = {
    query: async <T>(text: string, params?: unknown[]) => {
      captured = { text, params: params ?? [] };
      return db.query<T>(text, params);
    },
    exec: async () => undefined,
  };
  await pullPermits(spy, scope, at, limit);
  const { text, params } = captured!;
  const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${text}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

interface PullOptions {
  permits: number;
  locations: number;
  /** Seed only the permits at the first this many locations (the user's): the small database. */
  kept?: number;
  /** The seed's time (its dates are relative to it): the large database's, for the small one. */
  seededAt?: string;
  runs: number;
  log(line: string): void;
}

/**
 * The two databases' pages taken in turn, one first sync at scale then one on the small
 * database, and so for the catch-ups: both meet the same moments of this machine (the other
 * core's load, the process's compiled code). Measured one database after the other, the pages at
 * scale came first and paid for the process's warming up alone (issue 13).
 */
export async function measureServerPull(adminUrl: string, options: PullOptions): Promise<ServerPullResult> {
  // The small database holds the rows of the large one at the user's locations: the same
  // permits in scope, so a page sends the same documents. (Seeded apart, it had held others,
  // 557 in scope against 599, and a smaller page made scale look dearer than it is.)
  const scale = await openMeasure(adminUrl, options);
  try {
    const small = await openMeasure(adminUrl, { ...options, kept: VIEWABLE.length, seededAt: scale.seededAt });
    try {
      await scale.warm();
      await small.warm();
      for (let run = 0; run < options.runs; run++) {
        await scale.firstSync();
        await small.firstSync();
      }
      await scale.changeOne();
      await small.changeOne();
      for (let run = 0; run < options.runs * 4; run++) {
        await scale.catchUp();
        await small.catchUp();
      }
      return { scale: await scale.result(), small: await small.result() };
    } finally {
      await small.close();
    }
  } finally {
    await scale.close();
  }
}

/** The permits and locations a database of these options holds. */
const held = ({ permits, locations, kept = locations }: PullOptions) => ({ permits: Math.round((permits * kept) / locations), locations: kept });

/**
 * The seeded database of this size, made (and seeded) only when missing, when BENCH_RESEED is
 * set, or when seeded at another time than `options.seededAt`.
 */
async function keptDatabase(adminUrl: string, options: PullOptions): Promise<{ db: Database; seedMs: number; seededAt: string }> {
  const name = `perf_pull_${options.permits}x${options.locations}${options.kept ? `_at${options.kept}` : ''}${process.env.BENCH_SCALE_SUFFIX ?? ''}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (process.env.BENCH_RESEED) await admin.query(`drop database if exists ${name} with (force)`);
    const [exists] = (await admin.query('select 1 from pg_database where datname = $1', [name])).rows;
    if (!exists) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  const migrating = performance.now();
  const applied = await migrate(db);
  if (applied.length > 0) {
    options.log(`  ${name}: ${applied.join(', ')} applied in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
    // A migration that rewrites the table (014 adds a stored column) leaves no page marked
    // all-visible, and the scope's index-only scans read the heap until a vacuum: do it now, as
    // an operator should after such a migration, rather than time pages autovacuum would speed up.
    await db.exec('vacuum analyze permits');
  }
  // Written last by a seed that finished: one cut short is made again.
  await db.exec('create table if not exists bench_seed (seeded_at timestamptz not null)');
  const [seeded] = await db.query<{ at: string; age: string; same: boolean }>(
    `select seeded_at::text as at, (now() - seeded_at)::text as age, seeded_at = coalesce($1::timestamptz, seeded_at) as same from bench_seed`,
    [options.seededAt ?? null],
  );
  if (seeded?.same) {
    options.log(`  ${name}: the seed kept from ${seeded.age} ago`);
    return { db, seedMs: 0, seededAt: seeded.at };
  }
  await db.query('truncate bench_seed');
  await db.query('truncate permits cascade');
  await db.query('delete from locations where location_id >= $1', [FIRST_LOCATION]);
  options.log(`  seeding ${held(options).permits.toLocaleString('en')} permits across ${held(options).locations} locations in PostgreSQL (${name})…`);
  const seeding = performance.now();
  const at = (await db.query<{ at: string }>('select coalesce($1::timestamptz, now())::text as at', [options.seededAt ?? null]))[0]!.at;
  await seedAtScale(db, options.permits, options.locations, at, options.kept);
  await db.query('insert into bench_seed (seeded_at) values ($1)', [at]);
  return { db, seedMs: performance.now() - seeding, seededAt: at };
}

/** One database's measure, taken a step at a time so that measureServerPull can alternate two. */
async function openMeasure(adminUrl: string, options: PullOptions) {
  const { db, seedMs, seededAt } = await keptDatabase(adminUrl, options);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    `select count(*)::int as n from permits where location_id = any($1) and (state = any($2) or created_on >= now() - interval '15 days')`,
    [VIEWABLE, OPEN_PERMIT_STATES],
  );
  const since = (await db.query<{ t: string }>(`select sync_text(now()) as t`))[0]!.t;
  const first: After = { since, date: BEGINNING, id: '' };
  const caughtUp: After = { since, date: since, id: '' };
  const explained = [await explainPermitPage(db, scope, first)];
  const pageMs: number[] = [];
  const requestMs: number[] = [];
  let pageBytes = { json: 0, brotli: 0 };
  const catchUpMs: number[] = [];
  let serverCpu = 0;
  let lastPage: After = first;
  let backendsBefore: Map<number, number> | null = null;
  let gcIn: ReturnType<typeof watchGc> | null = null;
  const pageTimes: { start: number; end: number }[] = [];
  let firstSyncs: Pick<PullMeasure, 'cpuMs' | 'gcMs'> | null = null;

  return {
    seededAt,
    /**
     * As a serving server is: the pool's connection open, its backend listed, V8's optimized code
     * for the page's path in place (the first pages of a process took 2–3× as long).
     */
    async warm() {
      for (let i = 0; i < WARM_PAGES; i++) await page(db, first);
      backendsBefore = await backendsCpuMs(db);
      gcIn = watchGc();
    },
    async firstSync() {
      let at = first;
      for (;;) {
        const p = await page(db, at);
        pageMs.push(p.ms);
        pageTimes.push({ start: p.started, end: p.started + p.ms });
        serverCpu += p.cpuMs;
        requestMs.push(p.requestMs);
        pageBytes = { json: p.json, brotli: p.brotli };
        if (!p.last || p.remaining === 0) break;
        at = { since, date: p.last.DateChanged, id: p.last.id };
        lastPage = at;
      }
    },
    /** The first syncs are over: one permit at the user's locations changes, for the catch-ups. */
    async changeOne() {
      const postgresCpu = backendsCpuBetween(backendsBefore, await backendsCpuMs(db));
      firstSyncs = {
        cpuMs: { server: serverCpu / pageMs.length, postgres: postgresCpu === null ? null : postgresCpu / pageMs.length },
        gcMs: await gcIn!(pageTimes),
      };
      explained.push(await explainPermitPage(db, scope, lastPage));
      await db.query(
        `update permits set date_changed = now(), asset_number = asset_number || '.' where permit_instance_id = (select permit_instance_id from permits where location_id = $1 order by created_on desc limit 1)`,
        [VIEWABLE[0]],
      );
    },
    /** A pull of a replica in step with the server but for that one change. */
    async catchUp() {
      catchUpMs.push((await page(db, caughtUp)).ms);
    },
    async result(): Promise<PullMeasure> {
      explained.push(await explainPermitPage(db, scope, caughtUp));
      const { cpuMs, gcMs } = firstSyncs!;
      options.log(
        `  ${held(options).permits.toLocaleString('en')} permits: pages p50 ${quantile(pageMs, 0.5).toFixed(1)} ms, p95 ${quantile(pageMs, 0.95).toFixed(1)} ms over ${pageMs.length}` +
          ` (with body and brotli p50 ${quantile(requestMs, 0.5).toFixed(1)} ms, p95 ${quantile(requestMs, 0.95).toFixed(1)} ms); catch-up p95 ${quantile(catchUpMs, 0.95).toFixed(1)} ms;` +
          ` CPU per page: this process ${cpuMs.server.toFixed(1)} ms, PostgreSQL ${cpuMs.postgres?.toFixed(1) ?? '–'} ms;` +
          ` pages with a GC pause ${gcMs.filter((ms) => ms > 0).length} of ${gcMs.length} (p95 ${quantile(gcMs, 0.95).toFixed(1)} ms)`,
      );
      return { ...held(options), inScope: Math.min(n, 5000), seedMs, pageMs, requestMs, pageBytes, catchUpMs, cpuMs, gcMs, explain: explained };
    },
    close: () => db.close(),
  };
}
