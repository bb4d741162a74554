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

type Probed = Window & { countsShown?: Promise<number>; cardsDrawn?: { at: number; withCounts: boolean } };

/**
 * Runs at the start of every document: resolves once every count card shows a number, with the
 * time of the task after the next frame (performance.now() counts from the navigation's start).
 * Also notes when the cards were first in the page and whether their counts came with them.
 */
function watchCounts(): void {
  (window as Probed).countsShown = new Promise<number>((resolve, reject) => {
    const cards = '[role="region"][aria-label="Open Permits"], [role="region"][aria-label="Permits Needing Approval"], [role="region"][aria-label="Open Workorders"]';
    const counts = '[aria-label^="Open Permits: "], [aria-label^="Permits Needing Approval: "], [aria-label^="Open Workorders: "]';
    const observer = new MutationObserver(() => {
      const expected = document.querySelectorAll(cards).length;
      const shown = document.querySelectorAll(counts).length;
      if (expected > 0) (window as Probed).cardsDrawn ??= { at: performance.now(), withCounts: shown >= expected };
      if (expected === 0 || shown < expected) return;
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

interface Start {
  ms: number;
  cardsDrawn: { at: number; withCounts: boolean };
}

async function coldStart(device: AppDevice): Promise<Start> {
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
  const start = await traced(page, 'cold-start', async () => {
    await page.goto(`${device.url}/`);
    return page.evaluate(async () => ({ ms: await (window as Probed).countsShown!, cardsDrawn: (window as Probed).cardsDrawn! }));
  }, cdp);
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `cold-start-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  if (!(await page.getByRole('banner').innerText()).includes('Working Offline')) throw new Error(`The app did not start offline: ${await page.getByRole('banner').innerText()}`);
  return start;
}

/** `runs` cold starts (ms each); the device is left restarted and offline. */
export async function measureColdStarts(device: AppDevice, runs: number, log: (line: string) => void): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { ms, cardsDrawn } = await coldStart(device);
    samples.push(ms);
    // A first render without the counts costs a second one once they come (the dashboard's shared queries).
    const cards = cardsDrawn.withCounts ? 'with their counts' : 'without counts';
    log(`  cold start ${i + 1}/${runs}: ${Math.round(ms)} ms (cards drawn at ${Math.round(cardsDrawn.at)} ms, ${cards})`);
  }
  return samples;
}
