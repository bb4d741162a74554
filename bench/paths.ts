import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** The repository's root: commands of package.json run there. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where the bench page is built and served from (the server's STATIC_DIR): under
 * node_modules/.cache, out of git's and ESLint's way; named for the checkout, since worktrees
 * may share one node_modules and each bench serves its own build of the app.
 */
export const BENCH_PAGE_DIR = fileURLToPath(
  new URL(`../node_modules/.cache/openpermit-bench-page-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`, import.meta.url),
);

/** The app as `npx vite build` writes it (the first-load measure builds it before the server starts). */
export const APP_BUILD_DIR = fileURLToPath(new URL('../dist', import.meta.url));
