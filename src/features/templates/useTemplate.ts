import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { Overlaid } from '../../../replication/outboxOverlay';
import type { Template } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { template$ } from './templateQueries';

/** The template of the route's :templateId: undefined while the replica loads, null when there is none. */
export function useRouteTemplate(): Overlaid<Template> | null | undefined {
  const db = useReplica();
  const { email } = useAppData();
  const { templateId = '' } = useParams();
  return useObservable(useMemo(() => template$(db, email, templateId), [db, email, templateId]), undefined);
}
