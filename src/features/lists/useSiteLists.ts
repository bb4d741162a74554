import { useMemo } from 'react';
import { useObservable } from '../../app/useObservable';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { siteLists$, type ShownList } from './listQueries';
import type { Writer } from './listWrites';

/** The site's lists as this device holds them, and the writer for changes (null site: none). */
export function useSiteLists(siteId: number | null): { lists: ShownList[]; writer: Writer } {
  const db = useReplica();
  const { email } = useAppData();
  const source = useMemo(() => (siteId === null ? null : siteLists$(db, email, siteId)), [db, email, siteId]);
  const lists = useObservable(source, []);
  return { lists, writer: useMemo(() => ({ db, owner: email }), [db, email]) };
}
