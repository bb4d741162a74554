/** Issue 38: the SIMOPS clash function on a site's open permits, in Chromium at CPU ×4 as a tablet runs it. */
import { openBenchTab } from '../browser';
import type { BenchEnv } from '../env';
import type { SimopsBenchResult, SimopsPage } from '../page/api';
import { throttleCpu } from './appDevice';

export async function measureSimops(env: BenchEnv, permits: number, runs: number, changes: number): Promise<SimopsBenchResult> {
  const tab = await openBenchTab<SimopsPage>(env.url, env.session, 'simops');
  try {
    await throttleCpu(tab.context, tab.page, 4);
    // A first recompute warms the JIT up, as a tablet's app has by the time a permit changes.
    await tab.call('measure', permits, 1, 10);
    return await tab.call('measure', permits, runs, changes);
  } finally {
    await tab.close();
  }
}
