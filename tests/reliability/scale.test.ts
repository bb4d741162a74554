/**
 * Issue 41's proof of the scale-out deployment, short form: the load run (devices running the
 * replica's stream/pull loop, writers pushing edits) through HAProxy to three instances behind
 * PgBouncer on PostgreSQL, with files on an S3 API (tests/reliability/clusterProcess.ts: the
 * parts and configuration files of `npm run cluster`). While the writers push: a change pushed
 * through one instance is timed to a stream held on another, and permits made to run past their
 * validity are timed out by the three instances' sweeps, each once. As load.test.ts, it prints
 * latencies against their budgets (p95 ≤ 500 ms across instances) but asserts what holds on any
 * machine: on two shared cores they measure the machine. scripts/test.mjs runs it on its own,
 * after the other files.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { LOAD_DEFAULTS, runLoad } from '../../bench/load/loadRun';
import { printLoadReport } from '../../bench/load/report';
import type { ProductionServer } from '../../bench/load/serverProcess';
import { newId } from '../../replication/outbox';
import { startCluster, type Cluster } from './clusterProcess';
import { contractorToken } from './device';

const adminUrl = process.env.DATABASE_URL;
const SKIPPED = 'skipped: DATABASE_URL is not set (CI sets it to a PostgreSQL server)';
if (!adminUrl) console.warn(`tests/reliability/scale.test.ts ${SKIPPED}`);

/** HAProxy, PgBouncer and the S3 API, then the three instances: 9110–9115. */
const BASE_PORT = 9110;
const SECONDS = 60;
const PROBES = 20;
const TIMED_OUT = 5;
/** Each instance sweeps for due permits once a minute from its start (server/db/everyMinute.ts). */
const SWEEP_MS = 60_000;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The change stream of `token` at `url`, read as events come: resolves `next()` at the next `event: change`. */
function openStream(url: string, token: string) {
  const controller = new AbortController();
  const waiters: (() => void)[] = [];
  const opened = fetch(`${url}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal }).then(async (response) => {
    if (!response.ok) throw new Error(`The stream at ${url} answered ${response.status}`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
        if (done) return;
        // Events nobody waits for (a probe's own, already counted) are dropped.
        if (value.includes('event: change')) for (const waiter of waiters.splice(0)) waiter();
      }
    })();
  });
  return {
    opened,
    /** Resolves at the next change event. */
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => controller.abort(),
  };
}

/**
 * A draft saved through instance A reaches the owner's stream held on instance B: drafts are
 * their owner's alone, so no writer's edit wakes this stream meanwhile.
 */
async function crossInstanceLatencies(cluster: Cluster): Promise<number[]> {
  const [a, b] = cluster.instances;
  const token = await contractorToken(a!.url);
  const stream = openStream(b!.url, token);
  await stream.opened;
  const draft = newId();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < PROBES; i++) {
      const event = stream.next();
      const started = performance.now();
      const saved = await fetch(`${a!.url}/api/permits/draft/${draft}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ PermitContent: { HotWork: { jobDescription: `Probe ${i}` } }, PermitDefinitionId: 'bayport-permits-v2', LocationId: 111 }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      await event;
      latencies.push(performance.now() - started);
    }
  } finally {
    stream.close();
  }
  return latencies;
}

const title = 'scale: the load through HAProxy to three instances on PgBouncer — no errors, every edit everywhere, a change across instances timed, permit timeouts recorded once';

it.skipIf(!adminUrl)(adminUrl ? title : `${title} — ${SKIPPED}`, async () => {
  const log = (line: string) => console.log(line);
  let cluster: Cluster | null = null;
  const figures: { latencies: number[]; timeouts: Map<string, number> } = { latencies: [], timeouts: new Map() };

  const startServer = async (databaseUrl: string): Promise<ProductionServer> => {
    const database = new URL(databaseUrl).pathname.slice(1);
    cluster = await startCluster({ adminUrl: adminUrl!, database, basePort: BASE_PORT, env: { SEED_DEMO: 'false' }, log });
    const started = cluster;
    return { url: started.url, rssMb: started.rssMb, cpuSeconds: started.cpuSeconds, dumpTrace: async () => null, logTail: started.logTail, stop: started.stop };
  };

  const during = async () => {
    const running = cluster!;
    const db = new pg.Client({ connectionString: running.databaseUrl });
    await db.connect();
    try {
      // Permits past their validity: each instance's sweep finds them within a minute.
      const due = await db.query<{ id: string }>(
        `update permits set valid_until = now() - interval '1 minute'
          where permit_instance_id in (select permit_instance_id from permits where state = 'APPROVED' and not deleted and timed_out_at is null order by permit_instance_id limit $1)
          returning permit_instance_id as id`,
        [TIMED_OUT],
      );
      const madeDue = performance.now();
      figures.latencies = await crossInstanceLatencies(running);
      // Every instance's sweep has run since.
      await pause(Math.max(0, madeDue + SWEEP_MS + 5_000 - performance.now()));
      const events = await db.query<{ id: string; n: number }>(
        `select detail ->> 'PermitInstanceId' as id, count(*)::int as n from audit_log where action = 'permit.timeout' and detail ->> 'PermitInstanceId' = any($1) group by 1`,
        [due.rows.map((r) => r.id)],
      );
      figures.timeouts = new Map(due.rows.map((r) => [r.id, events.rows.find((e) => e.id === r.id)?.n ?? 0]));
    } finally {
      await db.end();
    }
  };

  try {
    const result = await runLoad({ ...LOAD_DEFAULTS, clients: 60, writers: 10, permits: 200, seconds: SECONDS, adminUrl: adminUrl!, startServer, during, log });
    printLoadReport(result, log);
    const p95 = percentile(figures.latencies, 95);
    log(`a change through one instance to a stream on another: p95 ${p95.toFixed(0)} ms, p50 ${percentile(figures.latencies, 50).toFixed(0)} ms (n=${figures.latencies.length}) ${p95 <= 500 ? '✓' : '✗'} ≤ 500 ms`);
    log(`permit timeouts recorded: ${[...figures.timeouts.values()].join(', ')}`);

    expect(Object.fromEntries(result.errors), 'error answers seen by devices and writers, rolling restart included').toEqual({});
    expect(result.convergence.edits).toBeGreaterThanOrEqual(result.options.writers);
    expect(result.convergence.examples, 'accepted edits missing').toEqual([]);
    expect(result.convergence.missingOnServer).toBe(0);
    expect(result.convergence.devicesBehind).toBe(0);
    expect(figures.latencies).toHaveLength(PROBES);
    expect(figures.timeouts.size).toBe(TIMED_OUT);
    expect([...figures.timeouts.values()], 'permit.timeout events per permit').toEqual(Array(TIMED_OUT).fill(1));
  } catch (error) {
    if (cluster) log((cluster as Cluster).logTail());
    throw error;
  }
}, 10 * 60_000);
