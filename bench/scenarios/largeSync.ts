/**
 * Issue 13's first sync at 20,000 permits, the initial sync only: a fresh replica (the app's sync
 * engine, every collection) against the baseline, on a server seeded with that many. Its time
 * per permit is read against the 5,000 permits' sync: a first sync must grow linearly.
 */
import type { ReplicaPage } from '../page/api';
import { openBenchTab } from '../browser';
import { profiled } from '../cpuProfile';
import type { BenchEnv } from '../env';
import { baselineSide, inTurns } from './initialSync';

export interface LargeSyncSample {
  replicaMs: number;
  baselineMs: number;
}

export interface LargeSyncResult {
  permits: number;
  samples: LargeSyncSample[];
}

async function replicaSide(env: BenchEnv): Promise<number> {
  const tab = await openBenchTab<ReplicaPage>(env.url, env.session, 'replica');
  try {
    const result = await profiled(tab.page, 'replica-sync-large', () => tab.call('syncReplica', env.owner, env.expectedPermits));
    if (result.permits < env.expectedPermits) throw new Error(`The replica holds ${result.permits} of ${env.expectedPermits} permits.`);
    return result.ms;
  } finally {
    await tab.close();
  }
}

export async function measureLargeSync(env: BenchEnv, runs: number): Promise<LargeSyncResult> {
  const samples: LargeSyncSample[] = [];
  for (let i = 0; i < runs; i++) {
    let replicaMs = 0;
    let baselineMs = 0;
    // Taking turns going first, as the 5,000 permits' sides do.
    const sides = [async () => (replicaMs = await replicaSide(env)), async () => (baselineMs = (await baselineSide(env)).ms)];
    await inTurns(env, sides, i);
    env.log(`  initial sync of ${env.expectedPermits} permits, run ${i + 1}/${runs}: replica ${Math.round(replicaMs)} ms, baseline ${Math.round(baselineMs)} ms`);
    samples.push({ replicaMs, baselineMs });
  }
  return { permits: env.expectedPermits, samples };
}
