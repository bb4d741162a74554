import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react(), appShell],
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
