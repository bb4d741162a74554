/**
 * Bench pages in Debian's Chromium (never a downloaded browser). Each page gets a browser
 * profile of its own on disk: a fresh replica, stored in IndexedDB files as on a device (an
 * incognito context would keep IndexedDB in memory and flatter every figure).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { PAGES } from './page/api';
import type { Session } from './session';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium was not found at ${path}: install Debian's chromium or set CHROMIUM_PATH.`);
  return path;
}

export function chromiumVersion(): string {
  return execFileSync(chromiumPath(), ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
}

type Args<F> = F extends (...args: infer A) => unknown ? A : never;
type Result<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** Calls a function of the page's `window.bench` and returns its result. */
export type CallPage<P> = <K extends keyof P & string>(name: K, ...args: Args<P[K]>) => Promise<Result<P[K]>>;

/** Longer than any measurement takes when it works (a slow drain of 1,000 edits is ~1 min): a hung page fails the run instead. */
const CALL_TIMEOUT_MS = 5 * 60_000;

/** Tabs still open, closed by `closeAllTabs` when a run is cut short. */
const open = new Set<() => Promise<void>>();

export async function closeAllTabs(): Promise<void> {
  await Promise.all([...open].map((close) => close()));
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${CALL_TIMEOUT_MS / 1000} s.`)), CALL_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface BenchTab<P> {
  page: Page;
  context: BrowserContext;
  call: CallPage<P>;
  close(): Promise<void>;
}

/**
 * Chromium on a profile directory the caller owns: launched again on the same directory, it is
 * the same device (IndexedDB, service worker, the app's stored session). Closed by
 * `closeAllTabs` too when a run is cut short.
 */
export async function launchChromium(profile: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  const close = () => context.close();
  open.add(close);
  context.once('close', () => open.delete(close));
  return context;
}

/** Opens one of the bench pages (PAGES), typed by the interface it offers (ReplicaPage, BaselinePage). */
export async function openBenchTab<P>(url: string, session: Session, which: keyof typeof PAGES): Promise<BenchTab<P>> {
  const profile = mkdtempSync(join(tmpdir(), 'openpermit-bench-profile-'));
  const context = await launchChromium(profile);
  const close = async () => {
    open.delete(close);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  open.add(close);
  try {
    await context.exposeFunction('benchToken', () => session.token());
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`bench page: ${error.message}`));
    await page.goto(`${url}/${PAGES[which]}`);
    await page.waitForFunction(() => typeof window.bench === 'object');
    const call: CallPage<P> = (name, ...args) =>
      withTimeout(
        page.evaluate(([fn, fnArgs]) => (window.bench as Record<string, (...a: unknown[]) => unknown>)[fn]!(...fnArgs), [name, args as unknown[]] as const),
        `The page's ${name}`,
      ) as never;
    return { page, context, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}
