/**
 * The load run of issue 12: the production server on a scratch PostgreSQL database, `clients`
 * devices each running the replica's pull/stream loop, and `writers` editors pushing content
 * edits, for `seconds`. Then every edit the server accepted must be on the server and in
 * every device's replica. Shared by `npm run bench:load`, `npm run bench` and the CI test.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Static } from 'typebox';
import type { PermitContent } from '../../schemas';
import { scratchPostgres } from '../server';
import { memoryTrend, sampleEvery, type MemoryTrend } from './memory';
import { Puller, type PullRecorder } from './puller';
import { seedLoad } from './seed';
import { startProductionServer } from './serverProcess';
import { inBatches, signIn, type SignedIn } from './signIn';
import { latencyHistogram, percentileMs, Refusals } from './tally';
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
  log(line: string): void;
}

export const LOAD_DEFAULTS = { clients: 200, writers: 20, rate: 0.2, permits: 1000, editable: 40 } as const;

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
  /** The load generator's own event loop delay, p99: high means the client side, not the server, was slow. */
  generatorLagP99Ms: number;
  /** CPU seconds used while the writers ran, by the server and by the load generator itself, and the pulls and pushes answered meanwhile. */
  cpu: { server: number; generator: number; seconds: number; requests: number };
}

/** How long the devices get to catch up after the last write. */
const CONVERGE_WAIT_MS = 60_000;
const SIGN_IN_PARALLEL = 8;
/** First syncs run this many at a time, as devices coming on shift would; the run measures the live loop after. */
const FIRST_SYNC_PARALLEL = 10;

const percentiles = (h: ReturnType<typeof latencyHistogram>): Percentiles => ({ count: h.totalCount, p50: percentileMs(h, 50), p99: percentileMs(h, 99) });

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

async function converge(pullers: Puller[], accepted: Accepted): Promise<{ ms: number; behind: Puller[] }> {
  const started = performance.now();
  let behind = pullers;
  while (performance.now() - started < CONVERGE_WAIT_MS) {
    behind = behind.filter((p) => !p.idle || missingIn((id) => p.permits.get(id), accepted).length > 0);
    if (behind.length === 0) return { ms: performance.now() - started, behind };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ms: Number.NaN, behind };
}

function traceTable(json: string): string {
  const rows = Object.entries(JSON.parse(json) as Record<string, Record<string, number>>);
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
  let server: Awaited<ReturnType<typeof startProductionServer>> | null = null;
  const pullers: Puller[] = [];
  const cleanUp = async () => {
    stopRunning = null;
    await Promise.all(pullers.map((p) => p.stop()));
    await server?.stop();
    server = null;
    await database.drop();
  };
  stopRunning = cleanUp;
  try {
    log(`Seeding the demo site, ${options.permits} permits and ${options.clients + options.writers} accounts…`);
    const seed = await seedLoad(database.url, { permits: options.permits, pullers: options.clients, writers: options.writers, editable: options.editable });
    server = await startProductionServer(database.url);
    const url = server.url;
    log(`Server up at ${url}; signing ${options.clients + options.writers} people in…`);
    const writers = await inBatches(seed.writers, SIGN_IN_PARALLEL, (account) => signIn(url, account));
    const devices = await inBatches(seed.pullers, SIGN_IN_PARALLEL, (account) => signIn(url, account));
    const targets = await editTargets(writers[0]!, seed.editable);

    const recorder: PullRecorder = { firstSync: latencyHistogram(), live: latencyHistogram(), liveHeaders: latencyHistogram(), refusals: new Refusals(), streamFailures: new Refusals(), pulls: 0, events: 0 };
    log(`First sync of ${devices.length} devices, ${FIRST_SYNC_PARALLEL} at a time…`);
    const syncing = performance.now();
    await inBatches(devices, FIRST_SYNC_PARALLEL, async (device) => {
      const puller = new Puller(device.http, recorder);
      pullers.push(puller);
      puller.start();
      while (!puller.synced) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const firstSyncMs = performance.now() - syncing;

    log(`Live: ${options.writers} writers × ${options.rate} edit/s for ${options.seconds} s against ${pullers.length} live devices…`);
    recorder.live = latencyHistogram();
    recorder.liveHeaders = latencyHistogram();
    const [pullsBefore, eventsBefore] = [recorder.pulls, recorder.events];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const rss = sampleEvery(1000, server.rssMb);
    await server.dumpTrace();
    const [serverCpu, generatorCpu, live] = [server.cpuSeconds(), process.cpuUsage(), performance.now()];
    const run = await runWriters(url, writers, targets, options.rate, options.seconds);
    const trace = await server.dumpTrace();
    log(`Pulls as the generator saw them: to the answer's headers p50 / p99 ${percentileMs(recorder.liveHeaders, 50)} / ${percentileMs(recorder.liveHeaders, 99)} ms; to the page parsed ${percentileMs(recorder.live, 50)} / ${percentileMs(recorder.live, 99)} ms`);
    if (trace) log(`Inside the server while the writers ran (ms):\n${traceTable(trace)}`);
    const generatorUsed = process.cpuUsage(generatorCpu);
    const cpu = {
      server: server.cpuSeconds() - serverCpu,
      generator: (generatorUsed.user + generatorUsed.system) / 1e6,
      seconds: (performance.now() - live) / 1000,
      requests: recorder.pulls - pullsBefore + run.result.requests.total,
    };
    const memory = memoryTrend(rss.stop(), 1000);
    lag.disable();

    log('Waiting for every device to hold every accepted edit…');
    const { ms, behind } = await converge(pullers, run.accepted);
    const onServer = await serverHolds(writers[0]!, run.accepted);
    const examples = [...onServer.slice(0, 3).map((m) => `server: ${m}`), ...(behind[0] ? missingIn((id) => behind[0]!.permits.get(id), run.accepted).slice(0, 3).map((m) => `a device: ${m}`) : [])];
    const edits = [...run.accepted.values()].reduce((n, fields) => n + fields.size, 0);

    const errors = new Map<string, number>();
    const add = (source: Map<string, number>, prefix: string) => {
      for (const [kind, n] of source) errors.set(`${prefix}: ${kind}`, (errors.get(`${prefix}: ${kind}`) ?? 0) + n);
    };
    add(recorder.refusals.errors, 'pull');
    add(recorder.streamFailures.errors, 'stream');
    add(run.answers.errors, 'push');
    if (run.result.errors > 0) errors.set('push: connection errors', run.result.errors);
    if (run.result.timeouts > 0) errors.set('push: no answer within a minute', run.result.timeouts);

    return {
      options: { seconds: options.seconds, clients: options.clients, writers: options.writers, rate: options.rate, permits: options.permits, editable: options.editable },
      loadAtStart,
      loadAtEnd: loadavg(),
      firstSync: { ...percentiles(recorder.firstSync), ms: firstSyncMs },
      pull: percentiles(recorder.live),
      push: { count: run.result.requests.total, p50: run.result.latency.p50, p99: run.result.latency.p99 },
      pulls: recorder.pulls - pullsBefore,
      streamEvents: recorder.events - eventsBefore,
      errors,
      expected429: recorder.refusals.expected + run.answers.expected429,
      memory,
      convergence: { edits, missingOnServer: onServer.length, devicesBehind: behind.length, ms, examples },
      generatorLagP99Ms: lag.percentile(99) / 1e6,
      cpu,
    };
  } catch (error) {
    if (server) log(`The server's log ends with:\n${server.logTail()}`);
    throw error;
  } finally {
    await cleanUp();
  }
}
