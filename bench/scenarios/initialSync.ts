/**
 * Measure 1 and 3: a fresh replica's first sync of the user's permits through the app's sync
 * engine, against the baseline (the same pages written with Dexie directly), and the
 * IndexedDB usage once the whole replica is in. The whole replica is compared with a replica
 * pulling its permits alone: while every collection pulls at once, the permits' own time in
 * that run is no longer "the permits alone". Each sample runs in fresh browser profiles; the
 * three sides take turns going first, so none always meets a colder server.
 */
import { PULL_BATCH_SIZE } from '../../replication/sync';
import type { SyncPage } from '../../schemas';
import type { BaselinePage, BaselineResult, CollectionPulls, ReplicaPage, ReplicaSyncResult, StorageUsage } from '../page/api';
import { openBenchTab } from '../browser';
import { profiled } from '../cpuProfile';
import type { BenchEnv } from '../env';

export interface InitialSyncSample {
  /** The permits, while the engine pulls every collection (what a user waits for). */
  replica: ReplicaSyncResult;
  /** The permits, by an engine that pulls nothing else. */
  permitsAlone: ReplicaSyncResult;
  /** Until every collection (approvals, work orders, … too) reached its end once. */
  wholeReplicaMs: number;
  /** Each collection's pull requests during that whole first sync. */
  pulls: CollectionPulls[];
  usage: StorageUsage;
  baseline: BaselineResult;
}

/**
 * Reads the user's permit pages as a first sync asks for them, so the side measured next meets
 * them in the server's page cache (server/sync/pullCache.ts keeps a page 10 s). Without it, a
 * side met a warm or a cold cache by chance — the first side after 10 s paid the database for
 * every page (~0.5 s a page on PGlite), the others not — and one sample in three was twice the
 * others. Warm for every side, the ratio compares what the devices do with the same answers.
 */
export async function warmPermitPages(env: BenchEnv): Promise<void> {
  const authorization = `Bearer ${await env.session.token()}`;
  let checkpoint: unknown = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(PULL_BATCH_SIZE) });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const response = await fetch(`${env.url}/api/sync/permits?${query.toString()}`, { headers: { authorization, 'accept-encoding': 'br' } });
    if (!response.ok) throw new Error(`GET /api/sync/permits answered ${response.status}`);
    const page = (await response.json()) as SyncPage;
    checkpoint = page.checkpoint;
    if (page.remaining === 0) return;
  }
}

/** Runs the sides one after the other from the `first`-th, each after the pages are warmed: which goes first turns with each sample. */
export async function inTurns(env: BenchEnv, sides: (() => Promise<unknown>)[], first: number): Promise<void> {
  for (let k = 0; k < sides.length; k++) {
    await warmPermitPages(env);
    await sides[(first + k) % sides.length]!();
  }
}

/** RxDB writes its checkpoints and replication state just after the documents: let them land before sizing. */
const SETTLE_MS = 1000;

async function replicaSide(env: BenchEnv): Promise<Omit<InitialSyncSample, 'baseline' | 'permitsAlone'>> {
  const tab = await openBenchTab<ReplicaPage>(env.url, env.session, 'replica');
  try {
    const replica = await profiled(tab.page, 'replica-sync', () => tab.call('syncReplica', env.owner, env.expectedPermits));
    const whole = await tab.call('allSynced', env.owner);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { replica, wholeReplicaMs: whole.ms, pulls: whole.pulls, usage: await tab.call('storageUsage') };
  } finally {
    await tab.close();
  }
}

async function permitsAloneSide(env: BenchEnv): Promise<ReplicaSyncResult> {
  const tab = await openBenchTab<ReplicaPage>(env.url, env.session, 'replica');
  try {
    return await tab.call('syncReplica', env.owner, env.expectedPermits, ['permits']);
  } finally {
    await tab.close();
  }
}

export async function baselineSide(env: BenchEnv): Promise<BaselineResult> {
  const tab = await openBenchTab<BaselinePage>(env.url, env.session, 'baseline');
  try {
    // Profiled too: where the replica's time goes is read against where the baseline's goes.
    return await profiled(tab.page, 'baseline-sync', () => tab.call('baseline', PULL_BATCH_SIZE));
  } finally {
    await tab.close();
  }
}

export async function measureInitialSync(env: BenchEnv, warmups: number, runs: number): Promise<InitialSyncSample[]> {
  const samples: InitialSyncSample[] = [];
  for (let i = 0; i < warmups + runs; i++) {
    let replica: Omit<InitialSyncSample, 'baseline' | 'permitsAlone'> | undefined;
    let permitsAlone: ReplicaSyncResult | undefined;
    let baseline: BaselineResult | undefined;
    const sides = [
      async () => (replica = await replicaSide(env)),
      async () => (permitsAlone = await permitsAloneSide(env)),
      async () => (baseline = await baselineSide(env)),
    ];
    await inTurns(env, sides, i);
    const sample: InitialSyncSample = { ...replica!, permitsAlone: permitsAlone!, baseline: baseline! };
    const label = i < warmups ? 'warm-up' : `run ${i - warmups + 1}/${runs}`;
    env.log(`  initial sync ${label}: replica ${Math.round(sample.replica.ms)} ms, permits alone ${Math.round(sample.permitsAlone.ms)} ms, baseline ${Math.round(sample.baseline.ms)} ms (fetch ${Math.round(sample.baseline.fetchMs)}, write ${Math.round(sample.baseline.writeMs)}), whole replica ${Math.round(sample.wholeReplicaMs)} ms`);
    env.log(`    pulls (requests, first sent → last received, ms): ${sample.pulls.map((p) => `${p.collection} ${p.requests}, ${Math.round(p.firstSent)}→${Math.round(p.lastReceived)}`).join('; ')}`);
    if (sample.replica.permits < env.expectedPermits) throw new Error(`The replica holds ${sample.replica.permits} of ${env.expectedPermits} permits.`);
    if (i >= warmups) samples.push(sample);
  }
  return samples;
}
