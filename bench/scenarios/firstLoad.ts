/**
 * First-load bytes (issue 13): the app built as `npm start` serves it, and the files a browser
 * fetches to show the sign-in page and then the dashboard (scripts/bundleBudget.ts reads them
 * from the build's manifest), raw and as the gzip and brotli copies the server sends.
 */
import { spawnSync } from 'node:child_process';
import { measureFirstLoad as measure } from '../../scripts/bundleBudget';
import { APP_BUILD_DIR, ROOT } from '../paths';

export type FirstLoadResult = ReturnType<typeof measure>;

export function measureFirstLoad(): FirstLoadResult {
  // BENCH_NO_MINIFY=1 keeps the app's function names readable in a CPU profile.
  const minify = process.env.BENCH_NO_MINIFY ? ['--minify', 'false'] : [];
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', ...minify], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('The app did not build (npx vite build).');
  return measure(APP_BUILD_DIR);
}
