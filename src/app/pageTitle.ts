import { useLocation, useMatches } from 'react-router-dom';
import { MENU } from '../../domain/access';

/** What a route declares in its `handle`: the page name shown in the header and the tab title. */
export interface RouteHandle {
  title: string;
}

/**
 * The page name: the menu label when the URL is exactly a menu entry (so 'Open Permits' and
 * 'Completed Permits' differ though both are /permits/list), else the deepest route's title.
 */
export function usePageTitle(): string | null {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const entry = MENU.find((e) => e.to === pathname + search);
  if (entry) return entry.label;
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return null;
}
