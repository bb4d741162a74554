/**
 * A device running the real app (the build the bench server serves beside its pages): Chromium
 * on a profile of its own, the bench user signed in on the sign-in page as a contractor does,
 * the replica filled by the app's first sync and the service worker holding the app shell.
 * The list keystrokes and the offline cold starts are measured on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright';
import { launchChromium } from '../browser';
import type { BenchEnv } from '../env';
import { BENCH_USER } from '../session';

export interface AppDevice {
  url: string;
  context: BrowserContext;
  page: Page;
  /** Closes the browser and launches it again on the same profile, on a blank tab: the device restarted. */
  restart(): Promise<Page>;
  close(): Promise<void>;
}

/** The app's first sync of ~5,000 permits takes a minute on a busy 2-core machine. */
const FIRST_SYNC_TIMEOUT_MS = 5 * 60_000;

/**
 * Slows the tab's main thread as a cheap tablet's CPU would (DevTools' ×4). Chromium keeps the
 * rate through the first navigation of a blank tab but drops it on a later one to another
 * origin, so it is set on the tab that is measured, after it opened the app.
 */
export async function throttleCpu(context: BrowserContext, page: Page, rate: number): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

async function firstTab(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error(`app: ${error.message}`));
  return page;
}

/** As e2e/pages/SignInPage.ts and ShellPage.waitUntilSynced do it. */
async function signInAndSync(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/auth/signin`);
  await page.getByRole('button', { name: 'External Contractor Sign in' }).click();
  await page.getByLabel('Email address').fill(BENCH_USER.email);
  await page.getByLabel('Password').fill(BENCH_USER.password);
  await page.getByLabel('Password').press('Enter');
  const counted = page.getByRole('region', { name: 'Open Permits', exact: true }).getByLabel(/^Open Permits: \d+$/);
  await counted.waitFor({ timeout: FIRST_SYNC_TIMEOUT_MS });
  await page.getByText('Preparing this device for offline work').waitFor({ state: 'hidden', timeout: FIRST_SYNC_TIMEOUT_MS });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

export async function openAppDevice(env: BenchEnv): Promise<AppDevice> {
  const profile = mkdtempSync(join(tmpdir(), 'openpermit-bench-app-'));
  const context = await launchChromium(profile);
  const device: AppDevice = {
    url: env.url,
    context,
    page: await firstTab(context),
    async restart() {
      await device.context.close();
      device.context = await launchChromium(profile);
      device.page = await firstTab(device.context);
      return device.page;
    },
    async close() {
      await device.context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  try {
    const started = Date.now();
    await signInAndSync(device.page, env.url);
    env.log(`  signed in and synced in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return device;
  } catch (error) {
    await device.close();
    throw error;
  }
}
