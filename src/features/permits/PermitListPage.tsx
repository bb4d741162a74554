import { Body1, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import type { LocationTree } from '../../../domain/locations';
import type { ReplicatedPermit } from '../../../schemas';
import { PERMIT_LIST_PAGE_SIZE } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { narrowingFilter, pageOf, parseListQuery, type ListQuery } from '../../../domain/permits/permitFilter';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useSimops } from '../simops/useSimops';
import { gasOnCard } from '../gasTests/gasOnCard';
import { useAllGasTests } from '../gasTests/useGasTests';
import { revalidationRequired } from '../handover/revalidationRequired';
import { useAllShiftPatterns } from '../handover/useHandover';
import { useNow } from '../gasTests/useNow';
import { ListFilterBar } from './list/ListFilterBar';
import { ListPager } from './list/ListPager';
import { NoPermitsMatched } from './list/NoPermitsMatched';
import { PermitCard } from './list/PermitCard';
import { listItems, permitListRows$, type ListItem } from './list/permitListQueries';
import { useListQuery } from './list/useListQuery';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** Made once: React leaves an element it is given again as it is, and each key typed renders the page. */
const TITLE = <Title2 as="h1">Permits</Title2>;

/**
 * A location's title by id, the same function while the titles are the same: the app's location
 * tree is built again on every change the startup reads from the replica, and new titles mean
 * every permit's search text is made again.
 */
function useLocationTitles(tree: LocationTree): (id: number) => string {
  const titles = useMemo(() => JSON.stringify([...tree.byId].map(([id, l]) => [id, l.Title])), [tree]);
  return useMemo(() => {
    const byId = new Map<number, string>(JSON.parse(titles) as [number, string][]);
    return (id: number) => byId.get(id) ?? String(id);
  }, [titles]);
}

/**
 * /permits/list (SPEC §2): the replica's permits as cards, 10 a page, filtered on the device as
 * the user types (no request), the filters kept in the URL (text, filter, workDate, state).
 */
export function PermitListPage() {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const navigate = useNavigate();
  const { query, type, change: changeQuery, choose: chooseQuery } = useListQuery();
  const [page, setPage] = useState(0);
  const { profile, tree, settings, homeLocation } = data;
  const homeSite = homeLocation?.SiteId ?? profile.SiteId;
  const [expanded, setExpanded] = useState(() => (settings.cardsExpandedSites ?? []).includes(homeSite));
  const titleOf = useLocationTitles(tree);
  const rows = useObservable(useMemo(() => permitListRows$(db, email), [db, email]), undefined);
  const simops = useSimops();
  const gas = useAllGasTests();
  const shiftsOf = useAllShiftPatterns();
  // Due and overdue move on with the clock; only the cards whose words change render again.
  const now = useNow(30_000);
  const items = useMemo(() => (rows === undefined || rows === 'failed' ? rows : listItems(rows, profile.PersonnelId, titleOf)), [rows, profile.PersonnelId, titleOf]);
  const [filter] = useState(narrowingFilter<ListItem>);
  const shown = useMemo(() => (Array.isArray(items) ? filter(items, query, profile.PersonnelId) : []), [filter, items, query, profile.PersonnelId]);
  // Stable, so the cards that stay on the page as the text narrows are not rendered again.
  const open = useCallback((id: string) => navigate(`/permits/${id}/edit`), [navigate]);
  const print = useCallback((id: string) => navigate(`/permits/${id}/edit?print=true`), [navigate]);

  const change = (next: ListQuery) => {
    setPage(0);
    changeQuery(next);
  };
  const typeText = (text: string) => {
    setPage(0);
    type(text);
  };
  const choose = useCallback(
    (fields: Partial<ListQuery>) => {
      setPage(0);
      chooseQuery(fields);
    },
    [chooseQuery],
  );

  const current = pageOf(shown, page, PERMIT_LIST_PAGE_SIZE);
  const printSites = settings.cardPrintSites ?? [];

  return (
    <section className={styles.root}>
      {TITLE}
      <ListFilterBar query={query} onType={typeText} onChoose={choose} expanded={expanded} onExpanded={setExpanded} />
      {items === undefined ? (
        <Spinner label="Loading permits…" />
      ) : items === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>{messages.permits.loadFailed}</MessageBarBody>
        </MessageBar>
      ) : shown.length === 0 ? (
        <NoPermitsMatched onReset={() => change(parseListQuery(new URLSearchParams()))} />
      ) : (
        <>
          <Body1 aria-live="polite">{`${shown.length} ${shown.length === 1 ? 'permit' : 'permits'}`}</Body1>
          <div className={styles.cards}>
            {current.items.map(({ permit, pending, yourApprovalRequired }, i) => {
              const abilities = abilitiesAt(profile, tree, permit.LocationId).permits;
              const gasTests = gasOnCard(permit, gas, now);
              // The list's permits are the replica's, with their history, where the revalidations are.
              const revalidate = revalidationRequired(permit as ReplicatedPermit, shiftsOf, now);
              // Keyed by place on the page: a key typed writes the new permits' text into the cards
              // where they are. Keyed by permit, the cards of permits still on the page were moved
              // instead (React re-inserts a moved card, and its style, layout and Tabster's walk of
              // it are made again), which cost more than writing their text (issue 13).
              return (
                <PermitCard
                  key={i}
                  permit={permit}
                  locationTitle={titleOf(permit.LocationId)}
                  pending={pending}
                  yourApprovalRequired={yourApprovalRequired}
                  expanded={expanded}
                  canEdit={abilities.edit}
                  canPrint={abilities.print && printSites.includes(permit.SiteId)}
                  simops={simops?.clashes.clashesOf(permit.PermitInstanceId)[0]?.rule ?? null}
                  suspended={gasTests.suspended}
                  retest={gasTests.retest}
                  revalidationRequired={revalidate}
                  onOpen={open}
                  onPrint={print}
                />
              );
            })}
          </div>
          <ListPager page={current.page} pages={current.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
