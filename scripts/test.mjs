// `npm test`: every test — unit and server integration (PGlite, and PostgreSQL when
// DATABASE_URL is set), then the browser tests — and one closing count.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildForE2e, runPlaywright } from './e2e.mjs';

// Not test-results/: Playwright empties that folder when it starts.
mkdirSync('test-reports', { recursive: true });
const vitestReport = 'test-reports/vitest.json';
const loadReport = 'test-reports/vitest-load.json';
const playwrightReport = 'test-reports/playwright.json';
for (const file of [vitestReport, loadReport, playwrightReport]) rmSync(file, { force: true });

// The load run (200 devices, 20 writers, 60 s) and the fault runs (servers killed while a write
// waits on a lock) go one after the other, after the other files: beside them the load run would
// slow them down and they would blur its figures, and the kills need a quiet machine to be timed.
// The scale proof (three instances behind HAProxy and PgBouncer under the load) likewise.
const ALONE = ['tests/reliability/load.test.ts', 'tests/reliability/scale.test.ts', 'tests/reliability/faults.test.ts'];
const vitest = (args, report) => spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit' }).status ?? 1;

/** Each phase's wall time, printed at the end: the suite's time is a budget (.ci/run checks it). */
const phases = [];
function phase(name, run) {
  const started = performance.now();
  const status = run();
  phases.push({ name, seconds: (performance.now() - started) / 1000, status });
  return status;
}

const unit = phase('unit and server tests (vitest)', () => vitest(ALONE.flatMap((file) => ['--exclude', file]), vitestReport));
const load = phase('load and fault runs (vitest, alone)', () => vitest([...ALONE, '--no-file-parallelism'], loadReport));
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = playwrightReport;
const built = phase('app build and first-load budget', buildForE2e);
const e2e = built === 0 ? phase('browser tests (Playwright)', () => runPlaywright(['--reporter=list,json'])) : built;

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of [vitestReport, loadReport].filter(existsSync)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
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
const ok = unit === 0 && load === 0 && e2e === 0;

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
console.log('\nTime by phase:');
for (const { name, seconds, status } of phases) console.log(`  ${name.padEnd(40)} ${minutes(seconds).padStart(12)}${status === 0 ? '' : '  (failed)'}`);
console.log(`  ${'total'.padEnd(40)} ${minutes(phases.reduce((sum, p) => sum + p.seconds, 0)).padStart(12)}`);
// A runner that crashed before reporting still fails the run.
console.log(`\n${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
