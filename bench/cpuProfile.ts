/**
 * With BENCH_CPU_PROFILE=<dir>, a measure's CPU profile of the page is written there as
 * `<name>-<time>.cpuprofile` (open it in Chrome's DevTools, Performance tab); without it the
 * measure runs as it is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright';

/** `session`: the page's CDP session to profile through, when the measure has one open already. */
export async function profiled<T>(page: Page, name: string, run: () => Promise<T>, session?: CDPSession): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return run();
  const cdp = session ?? (await page.context().newCDPSession(page));
  await cdp.send('Profiler.enable');
  // Finer than the default 1 ms: a keystroke is tens of milliseconds.
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    if (!session) await cdp.detach();
  }
}
