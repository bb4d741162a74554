/**
 * Registers the service worker that keeps the app shell on the device (vite.config.ts), and
 * tells the screens when a new version is ready. Plain module code, run once from main.tsx.
 */
import { useSyncExternalStore } from 'react';
// Workbox's window library itself, not vite-plugin-pwa's registerSW: that one imports it as a
// chunk of its own, one more request on every first load (issue 13). The logic below is the
// plugin's for registerType 'prompt'.
import { Workbox } from 'workbox-window';

let updateReady = false;
let update: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function registerAppShell(): void {
  // No service worker in development (Vite serves the sources) or where the browser has none.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  const offerUpdate = () => {
    if (updateReady) return;
    updateReady = true;
    // Once the user's word has made the new version take over, the page reloads into it.
    workbox.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    for (const listener of listeners) listener();
  };
  // A new version waiting, found by this page or installed by another tab of the app.
  workbox.addEventListener('waiting', offerUpdate);
  workbox.addEventListener('installed', (event) => {
    if (event.isUpdate === undefined && event.isExternal) offerUpdate();
  });
  update = async () => workbox.messageSkipWaiting();
  // Registered once the page has loaded: the precache (the whole app, ~1 MB) downloads after
  // the first paint, never competing with it (issue 13). Not being able to work offline is worth
  // a trace, not an error screen: the app works online.
  workbox.register({ immediate: false }).catch((error: unknown) => console.warn('The offline app shell could not be installed.', error));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits, and how to switch to it (the page reloads into it). */
export function useAppUpdate(): { ready: boolean; apply(): void } {
  const ready = useSyncExternalStore(subscribe, () => updateReady);
  return { ready, apply: () => void update?.() };
}
