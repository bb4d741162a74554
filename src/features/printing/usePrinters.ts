import { useEffect, useState } from 'react';
import { fetchPrinters } from '../../../replication/printing';
import type { Printer } from '../../../schemas';

export type PrintersState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; printers: Printer[] };

/** The printers serving the location with their state read now, while the dialog is open. */
export function usePrinters(locationId: number, open: boolean): PrintersState {
  const [state, setState] = useState<PrintersState>({ status: 'loading' });
  useEffect(() => {
    if (!open) return;
    let live = true;
    setState({ status: 'loading' });
    fetchPrinters(locationId).then(
      (printers) => live && setState({ status: 'ready', printers }),
      (error: Error) => live && setState({ status: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [locationId, open]);
  return state;
}
