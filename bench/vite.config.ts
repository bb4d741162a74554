/**
 * Builds the bench page (bench/page) for the benchmark's server to serve as its static files:
 * the page then shares the API's origin, as the app does, and runs the app's own storage and
 * replication modules in a production build (no RxDB dev-mode). The app's vite.config.ts is
 * not involved, but for its copies of libraries and its RxDB key order: the baseline then writes
 * with the same Dexie as the replica (RxDB's; the project's own `dexie` is another release), and
 * the replica opens as the app's does.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { productionBuilds, rxdbKeyOrder } from '../vite.config';
import { PAGES } from './page/api';
import { BENCH_PAGE_DIR } from './paths';

const page = (name: string) => fileURLToPath(new URL(`./page/${name}`, import.meta.url));

export default defineConfig({
  root: page(''),
  base: '/',
  logLevel: 'warn',
  resolve: { alias: productionBuilds },
  plugins: [rxdbKeyOrder()],
  // One bundle, loaded from localhost: its size does not matter here.
  build: {
    outDir: BENCH_PAGE_DIR,
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    rollupOptions: { input: Object.values(PAGES).map(page) },
  },
});
