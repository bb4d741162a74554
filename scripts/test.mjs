// `npm test`: every test — unit and server integration (PGlite, and PostgreSQL when
// DATABASE_URL is set), then the browser tests — and one closing count.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { runE2e } from './e2e.mjs';

// Not test-results/: Playwright empties that folder when it starts.
mkdirSync('test-reports', { recursive: true });
const vitestReport = 'test-reports/vitest.json';
const playwrightReport = 'test-reports/playwright.json';
for (const file of [vitestReport, playwrightReport]) rmSync(file, { force: true });

const unit = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], { stdio: 'inherit' });
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = playwrightReport;
const e2e = runE2e(['--reporter=list,json']);

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return { passed, failed, skipped };
}

const { passed, failed, skipped } = counts();
const ok = unit.status === 0 && e2e === 0;
// A runner that crashed before reporting still fails the run.
console.log(`\n${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
