import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 8188);
const BASE_URL = `http://localhost:${PORT}`;
/**
 * A fresh database per run, so every run starts from the seeded demo site. Kept in the
 * environment: test workers load this file again and inherit it instead of making their own,
 * so the specs can read what the server wrote there (the invitation mails, e2e/mailbox.ts).
 */
const dataDir = (process.env.OPENPERMIT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'openpermit-e2e-')));

/**
 * The specs with servers of their own (e2e/ownServer.ts) may run beside each other and beside
 * the others; the specs on the shared server below run one after another, as each expects the
 * site as the ones before it left it.
 */
const ownServerSpecs = readdirSync('e2e').filter((file) => file.endsWith('.spec.ts') && readFileSync(join('e2e', file), 'utf8').includes("from './ownServer'"));

/**
 * Drives the built app (`npx vite build` first; the server serves dist/) in Debian's
 * Chromium against the real server. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  // Two at once on two cores: a browser test waits on the server, the network and the clock for
  // most of its time. The suite's time is a budget (.ci/run).
  workers: 2,
  projects: [
    { name: 'shared server', testIgnore: ownServerSpecs, workers: 1 },
    { name: 'own servers', testMatch: ownServerSpecs },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Two browsers, two servers and the test runners share two cores: a step takes about twice as
  // long as alone, so every test's time-out is twice what it was with one spec at a time.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Always a fresh embedded database, even where DATABASE_URL points the server tests at PostgreSQL.
    env: { PORT: String(PORT), PUBLIC_URL: BASE_URL, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  },
});
