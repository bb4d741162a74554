/**
 * Pull pages on a weak link (issue 13): the permits of a first sync fetched in Chromium over a
 * link throttled to 1.6 Mbit/s down (DevTools' network emulation), as plain JSON (how the
 * server sent them before) and compressed (brotli, as Chromium asks for it).
 */
import { PULL_BATCH_SIZE } from '../../replication/sync';
import type { BaselinePage, NetworkPull } from '../page/api';
import { openBenchTab } from '../browser';
import type { BenchEnv } from '../env';

export const LINK_KBIT = 1600;

export interface ThrottledPullResult {
  plain: NetworkPull;
  compressed: NetworkPull;
}

async function pull(env: BenchEnv, compressed: boolean): Promise<NetworkPull> {
  const tab = await openBenchTab<BaselinePage>(env.url, env.session, 'baseline');
  try {
    const cdp = await tab.context.newCDPSession(tab.page);
    await cdp.send('Network.enable');
    // A cellular link: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (DevTools' "Fast 3G" shape).
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (LINK_KBIT * 1000) / 8, uploadThroughput: (750 * 1000) / 8 });
    return await tab.call('pullOverNetwork', PULL_BATCH_SIZE, compressed);
  } finally {
    await tab.close();
  }
}

export async function measureThrottledPull(env: BenchEnv): Promise<ThrottledPullResult> {
  const compressed = await pull(env, true);
  env.log(`  compressed: ${(compressed.transferred / 1e6).toFixed(2)} MB in ${(compressed.ms / 1000).toFixed(1)} s`);
  const plain = await pull(env, false);
  env.log(`  plain JSON: ${(plain.transferred / 1e6).toFixed(2)} MB in ${(plain.ms / 1000).toFixed(1)} s`);
  return { plain, compressed };
}
