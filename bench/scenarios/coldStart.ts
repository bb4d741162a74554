/**
 * Offline cold start (issue 13): the device restarted (a new browser process on the same
 * profile: replica, service worker and session on disk, nothing in memory) with no connection
 * and the CPU slowed ×4, opens the app; from the navigation's start to the frame that shows the
 * dashboard's counts from the replica. The service worker's own thread is not slowed.
 * BENCH_CPU_PROFILE=<dir> writes the page's CPU profile of each start there, BENCH_TRACE=<dir>
 * its Chromium trace (the service worker, the script's fetch, compile and code cache included).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { traced } from '../trace';
import { throttleCpu, type AppDevice } from './appDevice';

const CPU_RATE = 4;

type Probed = Window & { countsShown?: Promise<number> };

/**
 * Runs at the start of every document: resolves once every count card shows a number, with the
 * time of the task after the next frame (performance.now() counts from the navigation's start).
 */
function watchCounts(): void {
  (window as Probed).countsShown = new Promise<number>((resolve, reject) => {
    const cards = '[role="region"][aria-label="Open Permits"], [role="region"][aria-label="Permits Needing Approval"], [role="region"][aria-label="Open Workorders"]';
    const counts = '[aria-label^="Open Permits: "], [aria-label^="Permits Needing Approval: "], [aria-label^="Open Workorders: "]';
    const observer = new MutationObserver(() => {
      const expected = document.querySelectorAll(cards).length;
      if (expected === 0 || document.querySelectorAll(counts).length < expected) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    setTimeout(() => reject(new Error('The dashboard showed no counts within 2 min.')), 120_000);
  });
}

async function coldStart(device: AppDevice): Promise<number> {
  const page: Page = await device.restart();
  await device.context.setOffline(true);
  await device.context.addInitScript(watchCounts);
  // Set on the blank tab, the rate holds through its first navigation (see throttleCpu).
  const cdp = await throttleCpu(device.context, page, CPU_RATE);
  const profileDir = process.env.BENCH_CPU_PROFILE;
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const ms = await traced(page, 'cold-start', async () => {
    await page.goto(`${device.url}/`);
    return page.evaluate(() => (window as Probed).countsShown!);
  }, cdp);
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `cold-start-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  if (!(await page.getByRole('banner').innerText()).includes('Working Offline')) throw new Error(`The app did not start offline: ${await page.getByRole('banner').innerText()}`);
  return ms;
}

/** `runs` cold starts (ms each); the device is left restarted and offline. */
export async function measureColdStarts(device: AppDevice, runs: number, log: (line: string) => void): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    samples.push(await coldStart(device));
    log(`  cold start ${i + 1}/${runs}: ${Math.round(samples.at(-1)!)} ms`);
  }
  return samples;
}
