// The first-load budget of issue 13: the JavaScript and CSS a browser fetches to show the
// sign-in page and then, after sign-in, the dashboard. Read from the build's manifest
// (dist/.vite/manifest.json): the entry and everything it imports statically (what index.html
// preloads), and the chunks the first load always asks for next. Pages added as lazy routes
// are not part of it; a static import that pulls a heavy library into the entry is.
// `npx tsx scripts/bundleBudget.ts [distDir]`; exits 1 when the transferred size is over budget.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** KB (1,024 bytes) of gzip a browser may transfer for the first load; see the README's Performance section. */
export const FIRST_LOAD_BUDGET_KB = 300;

/** The first line of the entry chunk (vite.config.ts). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Chunks loaded on every first load besides the entry's static graph: the sign-in page and the dashboard count when a route makes them lazy. */
const FIRST_LOAD_MODULES = ['src/features/auth/SignInPage.tsx', 'src/features/dashboard/DashboardPage.tsx', 'src/app/startup/SignedInRoot.tsx', 'src/app/Shell.tsx'];

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Sizes of a built file as sent: raw, and the build's own gzip and brotli copies (made here when the build skipped a small file). */
function sizes(dist: string, file: string): Sizes {
  const path = join(dist, file);
  const raw = readFileSync(path);
  const copy = (ext: string, make: (b: Buffer) => Buffer) => (existsSync(`${path}.${ext}`) ? statSync(`${path}.${ext}`).size : Math.min(raw.length, make(raw).length));
  return {
    raw: raw.length,
    gzip: copy('gz', (b) => gzipSync(b, { level: 9 })),
    brotli: copy('br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

function readManifest(dist: string): Record<string, ManifestChunk> {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: build the app first (npx vite build).`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** The files of the first load, each once: the entry's static graph and that of FIRST_LOAD_MODULES. */
export function firstLoadFiles(dist: string): string[] {
  const manifest = readManifest(dist);
  const files = new Set(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const key of FIRST_LOAD_MODULES) visit(key);
  return [...files];
}

export function measureFirstLoad(dist: string): { rows: ({ file: string } & Sizes)[]; total: Sizes } {
  const rows = firstLoadFiles(dist).map((file) => ({ file, ...sizes(dist, file) }));
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip, brotli: sum.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  return { rows, total };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'dist';
  const { rows, total } = measureFirstLoad(dist);
  for (const r of rows.sort((a, b) => b.gzip - a.gzip).slice(0, 12)) console.log(`${kb(r.gzip).padStart(10)} gzip ${kb(r.brotli).padStart(10)} br  ${r.file}`);
  console.log(`First load (sign-in, then dashboard): ${rows.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.brotli)} brotli; budget ${FIRST_LOAD_BUDGET_KB} KB.`);
  // The budget is in gzip (issue 13), what a browser without brotli transfers; brotli ones get less.
  if (total.gzip > FIRST_LOAD_BUDGET_KB * 1024) {
    console.error(`Over budget: the first load transfers ${kb(total.gzip)} gzip, more than ${FIRST_LOAD_BUDGET_KB} KB. Load what you added with its route (router.tsx) or when first used.`);
    process.exit(1);
  }
  // V8 reads the compile hint of vite.config.ts only at the top of the file: a bundler or
  // minifier that moves or drops it makes the cold start 12–16% slower without a word.
  const entry = readManifest(dist)['index.html']!.file;
  if (!readFileSync(join(dist, entry), 'utf8').startsWith(COMPILE_HINT)) {
    console.error(`${entry} does not begin with ${COMPILE_HINT}: see postBanner in vite.config.ts.`);
    process.exit(1);
  }
}
