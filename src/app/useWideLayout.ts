import { useSyncExternalStore } from 'react';
import { MENU_BREAKPOINT_PX } from '../../domain/constants';

const query = `(min-width: ${MENU_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True at or above the menu breakpoint (SPEC §9: 960 px), where the menu stays open inline. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
