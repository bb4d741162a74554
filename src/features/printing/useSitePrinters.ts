import { useCallback, useEffect, useMemo, useState } from 'react';
import { siteLocationChoices, sitePrinters, siteTops, type LocationChoice } from '../../../domain/printing';
import { fetchPrintersBelow } from '../../../replication/printing';
import type { Printer } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';

/** A printer of the admin list: where it is, by the location's path. */
export type SitePrinter = Printer & { location: string };

export interface SitePrintersState {
  /** The last list read; null until the first answer. Kept while a refresh asks again, so the table does not blink. */
  printers: SitePrinter[] | null;
  loading: boolean;
  /** Why the last read failed (the server's sentence, or that it could not be reached). */
  error: string | null;
}

/**
 * The printers located at the site with their state read now (online: the state is the
 * printer's, not the replica's), the site's locations to add one at, and how to refresh the
 * list or put a printer just added into it.
 */
export function useSitePrinters(siteId: number) {
  const { data } = useAppData();
  // The same while the site's locations are: the app's location tree is built again on every
  // change the startup reads (a sync, the outbox), and a new one asked every printer again.
  const site = JSON.stringify({ choices: siteLocationChoices(data.tree, siteId), tops: siteTops(data.tree, siteId) });
  const { choices, tops } = useMemo(() => JSON.parse(site) as { choices: LocationChoice[]; tops: number[] }, [site]);
  const [state, setState] = useState<SitePrintersState>({ printers: null, loading: true, error: null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setState((current) => ({ ...current, loading: true, error: null }));
    Promise.all(tops.map(fetchPrintersBelow)).then(
      (answers) => live && setState({ printers: sitePrinters(answers, choices), loading: false, error: null }),
      (error: Error) => live && setState((current) => ({ ...current, loading: false, error: error.message })),
    );
    return () => {
      live = false;
    };
  }, [tops, choices, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  /** The server's answer to the add carries the printer's live state: no second round trip. */
  const added = useCallback(
    (printer: Printer) => setState((current) => ({ ...current, printers: sitePrinters([current.printers ?? [], [printer]], choices) })),
    [choices],
  );
  return { state, choices, refresh, added };
}
