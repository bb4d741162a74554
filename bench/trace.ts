/**
 * With BENCH_TRACE=<dir>, a measure's Chromium trace of the page (main thread's tasks, style,
 * layout, paint, GC and the page's user timings) is written there as `<name>-<time>.json`: a CPU
 * profile shows the page's JavaScript only, and a keystroke's frame is more than that.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright';

/**
 * V8's compile events say whether a script's code came from its code cache (the cold start's).
 * BENCH_TRACE_CATEGORIES replaces the list: without V8's categories the times are not inflated.
 */
const CATEGORIES = (
  process.env.BENCH_TRACE_CATEGORIES ??
  'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8,toplevel,disabled-by-default-v8.compile,loading,ServiceWorker'
).split(',');

/** `session`: the page's CDP session to trace through, when the measure has one open already. */
export async function traced<T>(page: Page, name: string, run: () => Promise<T>, session?: CDPSession): Promise<T> {
  const dir = process.env.BENCH_TRACE;
  if (!dir) return run();
  const cdp = session ?? (await page.context().newCDPSession(page));
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
  try {
    return await run();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-${Date.now()}.json`), JSON.stringify({ traceEvents: events }));
    if (!session) await cdp.detach();
  }
}
