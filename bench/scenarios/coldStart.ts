/**
 * Offline cold start (issue 13): with no connection and the CPU slowed ×4, the app opens on a
 * device whose replica, service worker and session are on disk; from the navigation's start to
 * the frame that shows the dashboard's counts from the replica. Measured two ways:
 * - a reload of the page, as the issue words it ("a reload in airplane mode"): the browser keeps
 *   running, with its renderer, fonts and service worker, and V8 takes the entry from its code
 *   cache instead of compiling it;
 * - the device restarted: a new browser process on the same profile, nothing in memory, which
 *   adds starting a renderer and compiling the entry (stricter than the issue).
 * The service worker's own thread is not slowed. BENCH_CPU_PROFILE=<dir> writes the page's CPU
 * profile of each start there, BENCH_TRACE=<dir> the Chromium trace of each start (the
 * service worker, the script's fetch, compile and code cache included).
 */
import type { Page } from 'playwright';
import { profiled } from '../cpuProfile';
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

/** The app's start, measured from inside the page (watchCounts). */
const measured = (page: Page): Promise<Start> =>
  page.evaluate(async () => ({ ms: await (window as Probed).countsShown!, cardsDrawn: (window as Probed).cardsDrawn! }));

async function assertOffline(page: Page): Promise<void> {
  const banner = await page.getByRole('banner').innerText();
  if (!banner.includes('Working Offline')) throw new Error(`The app did not start offline: ${banner}`);
}

/** The browser restarted offline, then the app opened in it. */
async function restart(device: AppDevice): Promise<Start> {
  const page: Page = await device.restart();
  await device.context.setOffline(true);
  await device.context.addInitScript(watchCounts);
  // Set on the blank tab, the rate holds through its first navigation (see throttleCpu).
  const cdp = await throttleCpu(device.context, page, CPU_RATE);
  const start = await traced(page, 'cold-start', () => profiled(page, 'cold-start', async () => {
    await page.goto(`${device.url}/`);
    return measured(page);
  }, cdp), cdp);
  await assertOffline(page);
  return start;
}

/** How long the app runs after a start before it is reloaded: a user reloads a page that has settled. */
const SETTLE_MS = 2000;

/** The app reloaded offline in the running browser (its renderer, fonts and service worker warm). */
async function reload(device: AppDevice): Promise<Start> {
  const { page } = device;
  await page.waitForTimeout(SETTLE_MS);
  const cdp = await throttleCpu(device.context, page, CPU_RATE);
  // The context's offline mode does not reach the reloaded document (navigator.onLine is true
  // in it): the tab's own emulation does, for as long as its session stays (it is not detached).
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const start = await traced(page, 'offline-reload', () => profiled(page, 'offline-reload', async () => {
    await page.reload({ waitUntil: 'commit' });
    return measured(page);
  }, cdp), cdp);
  await assertOffline(page);
  return start;
}

async function measure(name: string, open: () => Promise<Start>, runs: number, log: (line: string) => void): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { ms, cardsDrawn } = await open();
    samples.push(ms);
    // A first render without the counts costs a second one once they come (the dashboard's shared queries).
    const cards = cardsDrawn.withCounts ? 'with their counts' : 'without counts';
    log(`  ${name} ${i + 1}/${runs}: ${Math.round(ms)} ms (cards drawn at ${Math.round(cardsDrawn.at)} ms, ${cards})`);
  }
  return samples;
}

/** `runs` offline starts with the browser restarted (ms each); the device is left restarted and offline. */
export const measureRestarts = (device: AppDevice, runs: number, log: (line: string) => void): Promise<number[]> =>
  measure('cold start, browser restarted', () => restart(device), runs, log);

/** measureRestarts, then as many offline reloads of the page. */
export async function measureColdStarts(device: AppDevice, runs: number, log: (line: string) => void): Promise<{ restarts: number[]; reloads: number[] }> {
  const restarts = await measureRestarts(device, runs, log);
  return { restarts, reloads: await measure('offline reload', () => reload(device), runs, log) };
}
