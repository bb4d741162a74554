import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listQueryParams, parseListQuery, type ListQuery } from '../../../../domain/permits/permitFilter';

/**
 * A pause in typing after which the text goes into the URL. Writing the URL re-renders every
 * part of the screen that reads the location (side menu, header, route guard) and rewrites the
 * history entry: on a site tablet that was most of a keystroke's time (issue 13).
 */
export const TEXT_TO_URL_MS = 300;

export interface ListQueryState {
  /** The URL's query, with the text as typed. */
  query: ListQuery;
  /** A key in the filter text: the list follows at once, the URL when typing pauses. */
  type(text: string): void;
  /** Any other change, into the URL at once (with the text). */
  change(next: ListQuery): void;
  /** `change` of some fields, the same function while keys are typed. */
  choose(fields: Partial<ListQuery>): void;
}

/**
 * /permits/list's query, kept in the URL (shareable, reloadable). A URL changed from elsewhere
 * (a menu link, Back) brings its own text, even while typed text waits to be written.
 */
export function useListQuery(): ListQueryState {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseListQuery(params), [params]);
  const [typed, setTyped] = useState(fromUrl.text);
  // `writing`: a URL with the text `written` was asked of the router and has not arrived yet.
  const [sync, setSync] = useState({ params, written: fromUrl.text, writing: false });
  if (sync.params !== params) {
    // This hook's own write arriving may find more keys typed since, which it must not undo.
    const own = sync.writing && fromUrl.text === sync.written;
    setSync({ params, written: fromUrl.text, writing: false });
    if (!own) setTyped(fromUrl.text);
  }

  const write = useCallback(
    (next: ListQuery) => {
      const search = listQueryParams(next);
      if (search.toString() === params.toString()) return;
      setSync((s) => ({ ...s, written: next.text, writing: true }));
      setParams(search, { replace: true });
    },
    [params, setParams],
  );

  useEffect(() => {
    if (typed === fromUrl.text || sync.writing) return;
    const timer = setTimeout(() => write({ ...fromUrl, text: typed }), TEXT_TO_URL_MS);
    return () => clearTimeout(timer);
  }, [typed, fromUrl, sync.writing, write]);

  const change = useCallback(
    (next: ListQuery) => {
      setTyped(next.text);
      write(next);
    },
    [write],
  );
  // The same query while its content is: the typed text reaching the URL must not filter the
  // replica's permits again, nor render the filter bar's choices.
  const { filter, workDate } = fromUrl;
  const statesKey = fromUrl.states.join(',');
  const states = useMemo(() => statesKey.split(','), [statesKey]);
  const query = useMemo(() => ({ text: typed, filter, workDate, states }), [typed, filter, workDate, states]);
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);
  const choose = useCallback((fields: Partial<ListQuery>) => change({ ...latest.current, ...fields }), [change]);
  return { query, type: setTyped, change, choose };
}
