/**
 * The load run of issue 12: the production server on a scratch PostgreSQL database, `clients`
 * devices each running the replica's pull/stream loop, and `writers` editors pushing content
 * edits, for `seconds`. Then every edit the server accepted must be on the server and in
 * every device's replica. Shared by `npm run bench:load`, `npm run bench` and the CI test.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Histogram } from 'hdr-histogram-js';
import type { Static } from 'typebox';
import type { PermitContent } from '../../schemas';
import { scratchPostgres } from '../server';
import { memoryTrend, sampleEvery, type MemoryTrend } from './memory';
import { startDevices, type DeviceFleet } from './devices';
import { seedLoad } from './seed';
import { startProductionServer, type ProductionServer } from './serverProcess';
import { inBatches, signIn, type SignedIn } from './signIn';
import { percentileMs } from './tally';
import { runWriters, type Accepted, type EditTarget } from './writers';

export interface LoadOptions {
  /** A PostgreSQL server to make the run's database in (and drop it after). */
  adminUrl: string;
  seconds: number;
  clients: number;
  writers: number;
  /** Edits each writer sends a second. */
  rate: number;
  permits: number;
  /** Permits the writers' edits are spread over. */
  editable: number;
  /** Processes the devices are spread over (devices.ts). */
  processes: number;
  log(line: string): void;
  /**
   * What the devices and writers talk to, on the seeded database: the production server by
   * default; the scale proof passes HAProxy in front of three instances (tests/reliability/clusterProcess.ts).
   */
  startServer?: (databaseUrl: string) => Promise<ProductionServer>;
  /** Runs while the writers push (instance kills, restarts, probes); the run waits for it as for them. */
  during?: () => Promise<void>;
}

export const LOAD_DEFAULTS = { clients: 200, writers: 20, rate: 0.2, permits: 1000, editable: 40, processes: 4 } as const;

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
}

export interface Convergence {
  /** Permit fields whose last accepted value the run checks. */
  edits: number;
  /** Of those, how many the server does not hold. */
  missingOnServer: number;
  /** Devices lacking at least one of them when the wait ended. */
  devicesBehind: number;
  /** From the last write's answer to every device holding every edit (NaN if never). */
  ms: number;
  /** A few of what is missing, for the reader. */
  examples: string[];
}

export interface LoadResult {
  options: Omit<LoadOptions, 'log' | 'adminUrl'>;
  loadAtStart: number[];
  loadAtEnd: number[];
  /** Warm-up: each device's first sync, every collection. */
  firstSync: Percentiles & { ms: number };
  pull: Percentiles;
  push: Percentiles;
  pulls: number;
  streamEvents: number;
  /** Non-2xx answers other than a 429 with Retry-After, and requests with no answer, by kind. */
  errors: Map<string, number>;
  /** 429 with Retry-After, waited out as the client does. */
  expected429: number;
  memory: MemoryTrend;
  convergence: Convergence;
  /** The load generator's own event loop delay, p99 (the slowest of its processes): high means the client side, not the server, was slow. */
  generatorLagP99Ms: number;
  /** Pulls from the request to the answer's headers, before the body is read and parsed. */
  pullHeaders: Percentiles;
  /** Inside the server: from its HTTP parser handing the request over to the answer written (serverTrace.ts). */
  inServer: { pull: Percentiles; push: Percentiles; /** A push's share (%) spent writing its audit event and extending the chain. */ pushAuditShare: Percentiles };
  /** CPU seconds used while the writers ran, by the server and by the load generator itself, and the pulls and pushes answered meanwhile. */
  cpu: { server: number; generator: number; seconds: number; requests: number };
}

/** How long the devices get to catch up after the last write. */
const CONVERGE_WAIT_MS = 60_000;
const SIGN_IN_PARALLEL = 8;
/** First syncs run this many at a time, as devices coming on shift would; the run measures the live loop after. */
const FIRST_SYNC_PARALLEL = 10;

const percentiles = (h: Histogram): Percentiles => ({ count: h.totalCount, p50: percentileMs(h, 50), p99: percentileMs(h, 99) });

async function editTargets(writer: SignedIn, ids: readonly string[]): Promise<EditTarget[]> {
  return inBatches(ids, 4, async (id) => {
    const content = await writer.http.api<Static<typeof PermitContent>>('GET', `/permitcontent?PermitInstanceId=${encodeURIComponent(id)}`);
    const form = Object.keys(content.Content).sort()[0] ?? 'Permit';
    return { id, form, state: content.ContentState, content: content.Content };
  });
}

function missingIn(held: (id: string) => Map<string, string> | undefined, accepted: Accepted): string[] {
  const missing: string[] = [];
  for (const [id, fields] of accepted) {
    const have = held(id);
    for (const [field, value] of fields) if (have?.get(field) !== value) missing.push(`${id} ${field}=${value} (has ${have?.get(field) ?? 'nothing'})`);
  }
  return missing;
}

async function serverHolds(writer: SignedIn, accepted: Accepted): Promise<string[]> {
  const contents = new Map<string, Map<string, string>>();
  await inBatches([...accepted.keys()], 4, async (id) => {
    const { Content } = await writer.http.api<Static<typeof PermitContent>>('GET', `/permitcontent?PermitInstanceId=${encodeURIComponent(id)}`);
    const fields = new Map<string, string>();
    for (const form of Object.values(Content)) for (const [key, value] of Object.entries((form ?? {}) as object)) fields.set(key, String(value));
    contents.set(id, fields);
  });
  return missingIn((id) => contents.get(id), accepted);
}

type Trace = Record<string, { n: number; p50: number; p90: number; p99: number; max: number; sum: number } | undefined>;

const fromTrace = (trace: Trace, name: string): Percentiles => {
  const s = trace[name];
  return s ? { count: s.n, p50: s.p50, p99: s.p99 } : { count: 0, p50: Number.NaN, p99: Number.NaN };
};

function traceTable(trace: Trace): string {
  const rows = Object.entries(trace).filter((row): row is [string, NonNullable<Trace[string]>] => row[1] !== undefined);
  const f = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(x < 10 ? 2 : 0)).padStart(8);
  return rows.map(([name, s]) => `${name.slice(0, 90).padEnd(90)} n=${String(s.n).padStart(6)} p50${f(s.p50)} p90${f(s.p90)} p99${f(s.p99)} max${f(s.max)} sum${f(s.sum)}`).join('\n');
}

/** Ends what a run under way started (server, database, devices): for a run stopped by a signal. */
let stopRunning: (() => Promise<void>) | null = null;
export const stopLoad = async () => stopRunning?.();

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { log } = options;
  const loadAtStart = loadavg();
  const database = await scratchPostgres(options.adminUrl, `openpermit_load_${process.pid}_${Date.now().toString(36)}`);
  let server: ProductionServer | null = null;
  let fleet: DeviceFleet | null = null;
  const cleanUp = async () => {
    stopRunning = null;
    await fleet?.stop();
    await server?.stop();
    server = null;
    await database.drop();
  };
  stopRunning = cleanUp;
  try {
    log(`Seeding the demo site, ${options.permits} permits and ${options.clients + options.writers} accounts…`);
    const seed = await seedLoad(database.url, { permits: options.permits, pullers: options.clients, writers: options.writers, editable: options.editable });
    server = await (options.startServer ?? startProductionServer)(database.url);
    const url = server.url;
    log(`Server up at ${url}; signing ${options.writers} writers in…`);
    const writers = await inBatches(seed.writers, SIGN_IN_PARALLEL, (account) => signIn(url, account));
    const targets = await editTargets(writers[0]!, seed.editable);

    log(`Signing in and first sync of ${seed.pullers.length} devices in ${options.processes} processes, ${FIRST_SYNC_PARALLEL} at a time…`);
    const syncing = performance.now();
    fleet = await startDevices(url, seed.pullers, options.processes, FIRST_SYNC_PARALLEL);
    const firstSyncMs = performance.now() - syncing;

    log(`Live: ${options.writers} writers × ${options.rate} edit/s for ${options.seconds} s against ${seed.pullers.length} live devices…`);
    await fleet.live();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const rss = sampleEvery(1000, server.rssMb);
    await server.dumpTrace();
    const [serverCpu, generatorCpu, live] = [server.cpuSeconds(), process.cpuUsage(), performance.now()];
    const [run] = await Promise.all([runWriters(url, writers, targets, options.rate, options.seconds), options.during?.()]);
    const trace = JSON.parse((await server.dumpTrace()) ?? '{}') as Trace;
    // LOAD_TRACE=1: every stage and statement, for finding where a request's time goes.
    if (process.env.LOAD_TRACE) log(`Inside the server while the writers ran (ms):\n${traceTable(trace)}`);
    const generatorUsed = process.cpuUsage(generatorCpu);
    const devices = await fleet.report();
    const cpu = {
      server: server.cpuSeconds() - serverCpu,
      generator: (generatorUsed.user + generatorUsed.system) / 1e6 + devices.cpuSeconds,
      seconds: (performance.now() - live) / 1000,
      requests: devices.pulls + run.result.requests.total,
    };
    const memory = memoryTrend(rss.stop(), 1000);
    lag.disable();

    log('Waiting for every device to hold every accepted edit…');
    const { ms, behind, examples: onDevices } = await fleet.converge(run.accepted, CONVERGE_WAIT_MS);
    const onServer = await serverHolds(writers[0]!, run.accepted);
    const examples = [...onServer.slice(0, 3).map((m) => `server: ${m}`), ...onDevices.map((m) => `a device: ${m}`)];
    const edits = [...run.accepted.values()].reduce((n, fields) => n + fields.size, 0);

    const errors = new Map<string, number>();
    const add = (source: Map<string, number>, prefix: string) => {
      for (const [kind, n] of source) errors.set(`${prefix}: ${kind}`, (errors.get(`${prefix}: ${kind}`) ?? 0) + n);
    };
    add(devices.refusals.errors, 'pull');
    add(devices.streamFailures.errors, 'stream');
    add(run.answers.errors, 'push');
    if (run.result.errors > 0) errors.set('push: connection errors', run.result.errors);
    if (run.result.timeouts > 0) errors.set('push: no answer within a minute', run.result.timeouts);

    return {
      options: { seconds: options.seconds, clients: options.clients, writers: options.writers, rate: options.rate, permits: options.permits, editable: options.editable, processes: options.processes },
      loadAtStart,
      loadAtEnd: loadavg(),
      firstSync: { ...percentiles(devices.firstSync), ms: firstSyncMs },
      pull: percentiles(devices.live),
      pullHeaders: percentiles(devices.liveHeaders),
      inServer: { pull: fromTrace(trace, 'GET /api/sync/:collection | total'), push: fromTrace(trace, 'PATCH /api/permitcontent | total'), pushAuditShare: fromTrace(trace, 'PATCH /api/permitcontent | audit share %') },
      push: { count: run.result.requests.total, p50: run.result.latency.p50, p99: run.result.latency.p99 },
      pulls: devices.pulls,
      streamEvents: devices.events,
      errors,
      expected429: devices.refusals.expected + run.answers.expected429,
      memory,
      convergence: { edits, missingOnServer: onServer.length, devicesBehind: behind, ms, examples },
      generatorLagP99Ms: Math.max(devices.lagP99Ms, lag.percentile(99) / 1e6),
      cpu,
    };
  } catch (error) {
    if (server) log(`The server's log ends with:\n${server.logTail()}`);
    throw error;
  } finally {
    await cleanUp();
  }
}
