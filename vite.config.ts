import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { COMPILE_HINT } from './scripts/bundleBudget';
import { schemasAsData } from './scripts/schemasAsData';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The short commit id shown in the menu's version label; 'dev' outside a git checkout or before the first commit. */
function revision(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || 'dev';
  } catch {
    return 'dev';
  }
}

/** The server (server/main.ts) listens on 8080 during development; Vite serves the app and forwards the API to it. */
const backend = 'http://localhost:8080';

/**
 * The offline app shell (DESIGN.md §2): a Workbox service worker precaches the built app, so a
 * reload with no connection opens it; the data comes from the replica. It is registered from
 * src/app/appShell.ts (the CSP forbids the plugin's inline script), and a new version waits for
 * the user's word, so an update never reloads a form they are filling in.
 */
const appShell = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  // No install manifest yet: the app is used in the browser; a manifest needs icons first.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'],
    // The bundle's treemap (`--mode report`) is for developers, not for devices.
    globIgnores: ['report.html'],
    // Every app path opens the app; the API and the identity provider's pages are the server's.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/oidc(\/|$)/],
    // The main chunk is ~1.4 MB minified; Workbox skips files over 2 MiB without a word.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cleanupOutdatedCaches: true,
  },
});

/**
 * Brotli and gzip copies of every text file, made once at build time at the highest settings
 * (the server sends the one the browser accepts, server/http/delivery.ts). The service worker
 * is written after the bundle, so the server compresses it per request.
 */
const precompressed = compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' });

/**
 * `npm run build -- --mode report` writes dist/report.html: a treemap of every chunk and the
 * modules inside it, with their gzip and brotli sizes (it is a production build otherwise).
 */
const report = (mode: string): PluginOption[] =>
  mode === 'report' ? [visualizer({ filename: 'dist/report.html', template: 'treemap', gzipSize: true, brotliSize: true })] : [];

/**
 * A Vite plugin that compiles the JSON Schema validators of the admin forms at build time.
 * react-jsonschema-form's Ajv would otherwise compile them in the browser with `new Function`,
 * which the app's Content Security Policy forbids (script-src 'self', no 'unsafe-eval').
 *
 * `import validateFns from 'virtual:form-validator/NewListForm'` gives the validator functions
 * of the schema exported under that name from schemas/, for `createPrecompiledValidator`.
 */
const PREFIX = 'virtual:form-validator/';
const RESOLVED = `\0${PREFIX}`;
/** Ajv's runtime helpers, which the standalone code would `require`: string length in code points, deep equality of JSON values. */
const UCS2_LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)/g;
const EQUAL = /require\("ajv\/dist\/runtime\/equal"\)/g;

function formValidators(): Plugin {
  return {
    name: 'openpermit-form-validators',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      // Loaded when needed (not imported by the config), so the config itself stays plain.
      const schemas = (await tsImport('./schemas/index.ts', import.meta.url)) as Record<string, unknown>;
      const schema = schemas[name];
      if (!schema || typeof schema !== 'object') throw new Error(`schemas/ exports no schema named ${name}`);
      const code = compileSchemaValidatorsCode(schema as never)
        .replace(/^"use strict";/, '')
        .replace(UCS2_LENGTH, '{ default: (text) => [...text].length }')
        .replace(EQUAL, '{ default: (a, b) => JSON.stringify(a) === JSON.stringify(b) }');
      // The compiled code is CommonJS: give it an `exports` object and hand that on as the module.
      return `const exports = {};\n${code}\nexport default exports;\n`;
    },
  };
}

/**
 * The entry chunk's static imports (Rolldown's runtime chunk) as modulepreload links in
 * index.html. Vite's own preloading is off (build.modulePreload), so the browser asked for the
 * runtime only once it had compiled the ~1 MB entry: one more round trip to the service worker,
 * with a frame of the blank page in between, before any of the app's code ran (issue 13's cold
 * start). Preloaded, it arrives alongside the entry.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'openpermit:preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { chunk }) =>
        (chunk?.imports ?? []).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
    },
  };
}

/**
 * RxDB orders every collection schema's keys with `localeCompare` each time the replica opens
 * (it hashes the sorted schema to tell whether a collection changed). The first `localeCompare`
 * of a page starts ICU's collator: ~13 ms of a fast machine, ~50 ms of a tablet's offline cold
 * start, for nothing else on the way to the dashboard (the location tree sorts its titles only
 * when first read, domain/locations.ts; issue 13). The build orders the keys by
 * code unit instead, the same on every device (RxDB's order follows the device's locale). A
 * replica stored by an earlier build holds another hash of the same schemas; RxDB then compares
 * the schemas themselves, finds them equal and opens it as before (tests/replication/
 * replicaMigration.test.ts). RxDB's query keys, sorted the same way, live only in memory.
 */
const RXDB_OBJECT_UTILS = /\/rxdb\/dist\/esm\/plugins\/utils\/utils-object\.js$/;
const LOCALE_KEY_ORDER = 'Object.keys(obj).sort((a, b) => a.localeCompare(b))';

export function rxdbKeyOrder(): Plugin {
  return {
    name: 'openpermit:rxdb-key-order',
    apply: 'build',
    transform(code, id) {
      if (!RXDB_OBJECT_UTILS.test(id)) return undefined;
      // An RxDB release that sorts otherwise fails the build instead of quietly paying again.
      if (!code.includes(LOCALE_KEY_ORDER)) throw new Error(`${id} no longer sorts keys with localeCompare: review the rxdbKeyOrder plugin.`);
      return { code: code.replace(LOCALE_KEY_ORDER, 'Object.keys(obj).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))'), map: null };
    },
  };
}

/**
 * Production copies of two libraries whose package exports only offer another build.
 * React Router's exports name its development build, which keeps the dev-only warnings
 * (ENABLE_DEV_WARNINGS); dist/production is the same code with them off. Both entry points
 * move together, or the app would hold two routers' contexts. RxDB's Dexie picks a wrapper
 * around the minified UMD file, which cannot be tree-shaken; its ES module build can (RxDB's
 * copy is the only Dexie in the browser, so the wrapper's guard against two copies has
 * nothing to guard).
 */
const require = createRequire(import.meta.url);
const routerBuild = join(dirname(require.resolve('react-router')), '..', 'production');
const rxdbDexie = join(dirname(require.resolve('dexie/package.json', { paths: [dirname(require.resolve('rxdb'))] })), 'dist', 'modern', 'dexie.mjs');
export const productionBuilds = [
  { find: /^react-router$/, replacement: join(routerBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerBuild, 'dom-export.mjs') },
  { find: /^dexie$/, replacement: rxdbDexie },
];

export default defineConfig(({ mode }) => ({
  resolve: { alias: productionBuilds },
  plugins: [schemasAsData(import.meta.dirname), react(), rxdbKeyOrder(), preloadEntryImports(), appShell, precompressed, formValidators(), ...report(mode)],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __APP_REVISION__: JSON.stringify(revision()),
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
    },
  },
  // The manifest tells scripts/bundleBudget.mjs which chunks the first load takes.
  build: {
    sourcemap: true,
    manifest: true,
    // No preload helper and list of every lazy chunk's dependencies in the entry (~3 KB gzip of
    // the first load, issue 13): a lazy screen fetches its shared chunks when it runs, one round
    // trip later, and from the service worker's precache once the app has been opened.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (what every first load needs) in one chunk:
        // one request instead of ~40 small shared chunks, each with its headers, and one
        // compression window across all of it (~6% smaller). Lazy routes split as before.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        // V8's explicit compile hint: every function of the entry runs on the way to the first
        // screen, so V8 compiles them all while the file streams in, off the main thread. Left
        // lazy, ~1,900 functions compiled one by one on the main thread as they were first called
        // (an offline cold start at CPU ×4: medians of 2,118 and 1,972 ms in two A/B runs, against
        // 1,772 and 1,739 ms with the hint, faster in all 18 pairs; issue 13). Added after
        // minification, which drops comments; V8 reads it only on the first line
        // (scripts/bundleBudget.ts checks it is there).
        postBanner: (chunk) => (chunk.isEntry ? COMPILE_HINT : ''),
      },
    },
  },
}));
