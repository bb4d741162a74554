/**
 * Measure 1 and 3: a fresh replica's first sync of the user's permits through the app's sync
 * engine, against the baseline (the same pages written with Dexie directly), and the
 * IndexedDB usage once the whole replica is in. Each sample runs in fresh browser profiles;
 * the two sides take turns going first, so neither always meets a colder server.
 */
import { PULL_BATCH_SIZE } from '../../replication/sync';
import type { BaselinePage, BaselineResult, ReplicaPage, ReplicaSyncResult, StorageUsage } from '../page/api';
import { openBenchTab } from '../browser';
import { profiled } from '../cpuProfile';
import type { BenchEnv } from '../env';

export interface InitialSyncSample {
  replica: ReplicaSyncResult;
  /** Until every collection (approvals, work orders, … too) reached its end once. */
  wholeReplicaMs: number;
  usage: StorageUsage;
  baseline: BaselineResult;
}

/** RxDB writes its checkpoints and replication state just after the documents: let them land before sizing. */
const SETTLE_MS = 1000;

async function replicaSide(env: BenchEnv): Promise<Omit<InitialSyncSample, 'baseline'>> {
  const tab = await openBenchTab<ReplicaPage>(env.url, env.session, 'replica');
  try {
    const replica = await profiled(tab.page, 'replica-sync', () => tab.call('syncReplica', env.owner, env.expectedPermits));
    const wholeReplicaMs = await tab.call('allSynced', env.owner);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { replica, wholeReplicaMs, usage: await tab.call('storageUsage') };
  } finally {
    await tab.close();
  }
}

async function baselineSide(env: BenchEnv): Promise<BaselineResult> {
  const tab = await openBenchTab<BaselinePage>(env.url, env.session, 'baseline');
  try {
    return await tab.call('baseline', PULL_BATCH_SIZE);
  } finally {
    await tab.close();
  }
}

export async function measureInitialSync(env: BenchEnv, warmups: number, runs: number): Promise<InitialSyncSample[]> {
  const samples: InitialSyncSample[] = [];
  for (let i = 0; i < warmups + runs; i++) {
    let replica: Omit<InitialSyncSample, 'baseline'>;
    let baseline: BaselineResult;
    if (i % 2 === 0) {
      replica = await replicaSide(env);
      baseline = await baselineSide(env);
    } else {
      baseline = await baselineSide(env);
      replica = await replicaSide(env);
    }
    const sample: InitialSyncSample = { ...replica, baseline };
    const label = i < warmups ? 'warm-up' : `run ${i - warmups + 1}/${runs}`;
    env.log(`  initial sync ${label}: replica ${Math.round(sample.replica.ms)} ms, baseline ${Math.round(sample.baseline.ms)} ms`);
    if (sample.replica.permits < env.expectedPermits) throw new Error(`The replica holds ${sample.replica.permits} of ${env.expectedPermits} permits.`);
    if (i >= warmups) samples.push(sample);
  }
  return samples;
}
