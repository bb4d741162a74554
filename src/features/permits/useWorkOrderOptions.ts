import { useEffect, useMemo, useState } from 'react';
import { workOrderSearchBody } from '../../../domain/workOrders';
import { searchWorkOrders } from '../../../replication/api';
import type { WorkOrder } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { useOnline } from '../../app/useOnline';

/** Typing throttle of the work-order dropdown (SPEC §9). */
export const PICKER_THROTTLE_MS = 500;
/** The dropdown shows up to 8 rows (SPEC §9). */
export const PICKER_ROWS = 8;

/** `value`, changed at most once per `ms`: the last value always lands. */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const [since, setSince] = useState(0);
  useEffect(() => {
    const wait = Math.max(0, since + ms - Date.now());
    const timer = setTimeout(() => {
      setShown(value);
      setSince(Date.now());
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms, since]);
  return shown;
}

/**
 * The dropdown's work orders for what is typed: the device's first (they work offline); when
 * none matches and there is a connection, the server's search of the home site.
 */
export function useWorkOrderOptions(local: readonly WorkOrder[], query: string): { options: WorkOrder[]; searching: boolean } {
  const online = useOnline();
  const { data } = useAppData();
  const siteId = data.homeLocation?.SiteId ?? data.profile.SiteId;
  const text = useThrottled(query.trim(), PICKER_THROTTLE_MS);
  const matches = useMemo(() => {
    const needle = text.toLowerCase();
    const hit = (w: WorkOrder) => [w.workOrderNumber, w.workOrderDescription, w.assetNumber, w.assetDescription].some((f) => f.toLowerCase().includes(needle));
    return local.filter(hit).slice(0, PICKER_ROWS);
  }, [text, local]);
  const [remote, setRemote] = useState<{ text: string; options: WorkOrder[] } | null>(null);
  const wanted = online && text !== '' && matches.length === 0;
  useEffect(() => {
    if (!wanted) return;
    let stale = false;
    searchWorkOrders(workOrderSearchBody(text, { status: [] }, siteId, 0, PICKER_ROWS))
      .then((answer) => !stale && setRemote({ text, options: answer.hits.hits.map((h) => h._source) }))
      .catch(() => !stale && setRemote({ text, options: [] }));
    return () => {
      stale = true;
    };
  }, [wanted, text, siteId]);
  if (!wanted) return { options: matches, searching: false };
  return remote?.text === text ? { options: remote.options, searching: false } : { options: [], searching: true };
}
