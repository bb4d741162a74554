/**
 * Registers the service worker that keeps the app shell on the device (vite.config.ts), and
 * tells the screens when a new version is ready. Plain module code, run once from main.tsx.
 */
import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

let updateReady = false;
let update: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function registerAppShell(): void {
  // No service worker in development (Vite serves the sources) or where the browser has none.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  update = registerSW({
    // Registered once the page has loaded: the precache (the whole app, ~1 MB) downloads after
    // the first paint, never competing with it (issue 13).
    immediate: false,
    onNeedRefresh() {
      updateReady = true;
      for (const listener of listeners) listener();
    },
    // Not being able to work offline is worth a trace, not an error screen: the app works online.
    onRegisterError: (error: unknown) => console.warn('The offline app shell could not be installed.', error),
  });
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
