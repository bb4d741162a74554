// `npm run e2e`: builds the app and drives it in Chromium against a real server.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

export function runE2e(extraArgs = []) {
  process.env.CHROMIUM_PATH = ensureChromium();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  // The first-load budget (issue 13), from the build's manifest: fails before any browser starts.
  const budget = spawnSync('npx', ['tsx', 'scripts/bundleBudget.ts'], { stdio: 'inherit' });
  if (budget.status !== 0) return budget.status ?? 1;
  return spawnSync('npx', ['playwright', 'test', ...extraArgs], { stdio: 'inherit' }).status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(runE2e(process.argv.slice(2)));
