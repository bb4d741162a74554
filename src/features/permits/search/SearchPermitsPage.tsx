import { Body1, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { catchError, map, of, startWith } from 'rxjs';
import { useSearchParams } from 'react-router-dom';
import { viewableLocations } from '../../../../domain/abilities';
import { PERMIT_SEARCH_PAGE_SIZE } from '../../../../domain/constants';
import { descendantsAndSelf } from '../../../../domain/locations';
import { messages } from '../../../../domain/messages';
import { filterFromParams, type SearchFilter } from '../../../../domain/permits/permitSearch';
import { useReplica } from '../../../app/replica';
import { useAppData } from '../../../app/startup/appData';
import { useObservable } from '../../../app/useObservable';
import { useOnline } from '../../../app/useOnline';
import { usePermitTypes } from './usePermitTypes';
import { SavedFiltersPanel } from './SavedFiltersPanel';
import { SearchResults } from './SearchResults';
import { SearchSidebar } from './SearchSidebar';
import { localSearch$, serverSearch$, type SearchPage } from './searchQueries';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(240px, 300px) 1fr', gap: tokens.spacingHorizontalXL, alignItems: 'start', '@media (max-width: 960px)': { gridTemplateColumns: '1fr' } },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * /permits/search (SPEC §2): sidebar filters and saved filters; online the server searches every
 * permit the user may view, offline the same filters run over this device's permits. A link with
 * filters in its URL (the reports page: State, locationId, from=reporting) searches at once.
 */
export function SearchPermitsPage() {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const online = useOnline();
  const [params] = useSearchParams();
  const { profile, tree } = data;
  const home = profile.Preferences.HomeLocationId;
  const initial = useMemo(() => filterFromParams(params, home), [params, home]);
  const [draft, setDraft] = useState<SearchFilter>(initial.filter);
  const [submitted, setSubmitted] = useState<{ filter: SearchFilter; page: number } | null>(initial.fromLink ? { filter: initial.filter, page: 0 } : null);
  const viewable = useMemo(() => viewableLocations(profile, tree, home), [profile, tree, home]);
  const locations = useMemo(() => viewable.map((id) => ({ id, title: tree.byId.get(id)?.Title ?? String(id) })), [viewable, tree]);
  const permitTypes = usePermitTypes();
  const titleOf = (id: number) => tree.byId.get(id)?.Title ?? String(id);

  const results$ = useMemo(() => {
    if (!submitted) return null;
    const chosen = submitted.filter.locationId ?? home;
    const locationIds = chosen === null || chosen === undefined ? viewable : descendantsAndSelf(tree, chosen).filter((id) => viewable.includes(id));
    const request = { filter: submitted.filter, locationIds, today: todayUtc(), page: submitted.page, size: PERMIT_SEARCH_PAGE_SIZE };
    const source = online ? serverSearch$(request) : localSearch$(db, email, request);
    return source.pipe(
      map((page): SearchPage | 'failed' | 'loading' => page),
      startWith('loading' as const),
      catchError(() => of('failed' as const)),
    );
  }, [submitted, online, db, email, tree, viewable, home]);
  const results = useObservable(results$, null);

  const search = (filter: SearchFilter) => setSubmitted({ filter, page: 0 });
  const apply = (filter: SearchFilter) => {
    setDraft(filter);
    search(filter);
  };

  return (
    <div className={styles.root}>
      <aside className={styles.side}>
        <SearchSidebar
          filter={draft}
          onChange={setDraft}
          onSearch={() => search(draft)}
          onClear={() => setDraft({ searchTerms: [], State: [], PermitType: [], dateType: 'custom', fromDate: null, toDate: null, locationId: home ?? undefined })}
          locations={locations}
          permitTypes={permitTypes}
          today={todayUtc()}
        />
        <SavedFiltersPanel current={draft} onApply={apply} />
      </aside>
      <section className={styles.main}>
        <Title2 as="h1">Search Permits</Title2>
        {viewable.length === 0 && <Body1>You have no permission to view permits at your home location, so there is nothing to search.</Body1>}
        {!online && (
          <MessageBar intent="warning">
            <MessageBarBody>{messages.permits.searchOffline}</MessageBarBody>
          </MessageBar>
        )}
        {results === null ? (
          <Body1>{messages.permits.performSearch}</Body1>
        ) : results === 'loading' ? (
          <Spinner label="Searching…" />
        ) : results === 'failed' ? (
          <MessageBar intent="error">
            <MessageBarBody>{messages.permits.loadFailed}</MessageBarBody>
          </MessageBar>
        ) : results.total === 0 ? (
          <Body1 role="status">{messages.permits.noMatchSearch}</Body1>
        ) : (
          <SearchResults
            rows={results.rows}
            total={results.total}
            atLeast={results.atLeast}
            page={submitted!.page}
            size={PERMIT_SEARCH_PAGE_SIZE}
            titleOf={titleOf}
            onPage={(page) => setSubmitted((s) => s && { ...s, page })}
          />
        )}
      </section>
    </div>
  );
}
