import { useMemo } from 'react';
import { map } from 'rxjs';
import { useReplica } from '../../../app/replica';
import { useObservable } from '../../../app/useObservable';

/** The permit types the user meets (those of the permits on this device), for the search's Permit type filter. */
export function usePermitTypes(): { Name: string; Label: string }[] {
  const db = useReplica();
  const types$ = useMemo(
    () =>
      db.permits.find().$.pipe(
        map((docs) => {
          const byName = new Map<string, string>();
          for (const d of docs) for (const t of d.permitTypes) byName.set(t.Name, t.Label);
          return [...byName].map(([Name, Label]) => ({ Name, Label })).sort((a, b) => a.Label.localeCompare(b.Label));
        }),
      ),
    [db],
  );
  return useObservable(types$, []);
}
