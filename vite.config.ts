import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    // Every app path opens the app; the API and the identity provider's pages are the server's.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/oidc(\/|$)/],
    // The main chunk is ~1.4 MB minified; Workbox skips files over 2 MiB without a word.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cleanupOutdatedCaches: true,
  },
});

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

export default defineConfig({
  plugins: [react(), appShell, formValidators()],
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
  build: { sourcemap: true },
});
