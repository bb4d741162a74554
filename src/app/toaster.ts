import { useSyncExternalStore } from 'react';
import type { ToastIntent } from '@fluentui/react-components';

/** A message for the app's toaster; `detail`, when given and different, is the server's own sentence under it. */
export interface Note {
  intent: ToastIntent;
  message: string;
  detail?: string;
}

/**
 * Messages not yet shown. The toaster (AppToaster.tsx) loads with the first message rather than
 * with the app: no page needs it to paint (issue 13's first-load budget), so a message sent
 * while it loads waits here.
 */
const waiting: Note[] = [];
const listeners = new Set<() => void>();
let wanted = false;

function notify(intent: ToastIntent, message: string, detail?: string): void {
  waiting.push({ intent, message, detail });
  wanted = true;
  for (const listener of listeners) listener();
}

/** The messages sent since the last call, oldest first; each is handed out once. */
export function takeNotes(): Note[] {
  return waiting.splice(0);
}

/** Calls `listener` after each message; returns the unsubscribe. */
export function onNote(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the first message on: the toaster is mounted then and stays. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(onNote, () => wanted);
}

/** Shows a short message in the app's toaster (success, error, info or warning); see Note for `detail` (SPEC §8). */
export function useNotify(): (intent: ToastIntent, message: string, detail?: string) => void {
  return notify;
}
