import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: commands of package.json run there. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where the bench page is built and served from (the server's STATIC_DIR), the app's build
 * copied beside it: out of git's and ESLint's way, and one per checkout, since worktrees that
 * share node_modules would otherwise serve each other's build.
 */
export const BENCH_PAGE_DIR = join(tmpdir(), `openpermit-bench-page-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);

/** The app as `npx vite build` writes it (the first-load measure builds it before the server starts). */
export const APP_BUILD_DIR = fileURLToPath(new URL('../dist', import.meta.url));
