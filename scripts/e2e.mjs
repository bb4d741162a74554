// `npm run e2e`: builds the app and drives it in Chromium against a real server.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

/** Builds the app the browser tests load, and checks its first-load budget; 0 when both pass. */
export function buildForE2e() {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  // The first-load budget (issue 13), from the build's manifest: fails before any browser starts.
  return spawnSync('npx', ['tsx', 'scripts/bundleBudget.ts'], { stdio: 'inherit' }).status ?? 1;
}

export function runPlaywright(extraArgs = []) {
  process.env.CHROMIUM_PATH = ensureChromium();
  return spawnSync('npx', ['playwright', 'test', ...extraArgs], { stdio: 'inherit' }).status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = buildForE2e();
  process.exit(built === 0 ? runPlaywright(process.argv.slice(2)) : built);
}
