import { mkdtempSync } from 'node:fs';
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
 * Drives the built app (`npx vite build` first; the server serves dist/) in Debian's
 * Chromium against the real server. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  // One at a time: the specs on the shared server expect the site as the ones before them left it,
  // and on two cores a second browser and server slowed each spec by more than it saved (a CI run
  // with two workers took 38 minutes, with one 30).
  workers: 1,
  // The run's migrated database, which each spec's own server starts from (e2e/ownServer.ts).
  globalSetup: './tests/support/globalSetup.ts',
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Generous: machines of this kind differ twofold in speed, and a time-out that fails on a slow
  // one costs a whole CI run. A passing test never waits for it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace slowed every test by about a third (four specs, 36–41 s with one, 25 s
    // without, back to back), though only failures keep theirs: CI retries a failed test once,
    // and that retry is recorded. A failure still writes the page's snapshot (error-context.md);
    // `--trace on` records a run being debugged.
    trace: 'on-first-retry',
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
