import { Body1, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { PERMIT_LIST_PAGE_SIZE } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { listQueryMatcher, pageOf, parseListQuery, type ListQuery } from '../../../domain/permits/permitFilter';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { ListFilterBar } from './list/ListFilterBar';
import { ListPager } from './list/ListPager';
import { NoPermitsMatched } from './list/NoPermitsMatched';
import { PermitCard } from './list/PermitCard';
import { permitListItems$ } from './list/permitListQueries';
import { useListQuery } from './list/useListQuery';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

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
  const titleOf = useMemo(() => (id: number) => tree.byId.get(id)?.Title ?? String(id), [tree]);
  const items = useObservable(useMemo(() => permitListItems$(db, email, profile.PersonnelId, titleOf), [db, email, profile.PersonnelId, titleOf]), undefined);
  const shown = useMemo(() => (Array.isArray(items) ? items.filter(listQueryMatcher(query, profile.PersonnelId)) : []), [items, query, profile.PersonnelId]);
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

  if (items === undefined) return <Spinner label="Loading permits…" />;
  const current = pageOf(shown, page, PERMIT_LIST_PAGE_SIZE);
  const printSites = settings.cardPrintSites ?? [];

  return (
    <section className={styles.root}>
      <Title2 as="h1">Permits</Title2>
      <ListFilterBar query={query} onType={typeText} onChoose={choose} expanded={expanded} onExpanded={setExpanded} />
      {items === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>{messages.permits.loadFailed}</MessageBarBody>
        </MessageBar>
      ) : shown.length === 0 ? (
        <NoPermitsMatched onReset={() => change(parseListQuery(new URLSearchParams()))} />
      ) : (
        <>
          <Body1 aria-live="polite">{`${shown.length} ${shown.length === 1 ? 'permit' : 'permits'}`}</Body1>
          <div className={styles.cards}>
            {current.items.map(({ permit, pending, yourApprovalRequired }) => {
              const abilities = abilitiesAt(profile, tree, permit.LocationId).permits;
              return (
                <PermitCard
                  key={permit.PermitInstanceId}
                  permit={permit}
                  locationTitle={titleOf(permit.LocationId)}
                  pending={pending}
                  yourApprovalRequired={yourApprovalRequired}
                  expanded={expanded}
                  canEdit={abilities.edit}
                  canPrint={abilities.print && printSites.includes(permit.SiteId)}
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
