import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Body1, MessageBar, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useAppData } from '../../app/startup/appData';
import { useOnline } from '../../app/useOnline';
import { CountCard } from './CountCard';
import { DASHBOARD_LINKS } from './dashboardCounts';
import { MoreCardsBoundary } from './MoreCardsBoundary';
import { useDashboardCounts } from './useDashboardCounts';

/** Only sites with plot plans show the map card: the others never load it (issue 13's first-load budget). */
const DashboardMapCard = lazy(() => import('./DashboardMapCard').then((m) => ({ default: m.DashboardMapCard })));

/** The cards beyond the counts, a lazy module made anew for each state of the connection (below). */
const moreCardsWhile = (_online: boolean) => lazy(() => import('./MoreCards').then((m) => ({ default: m.MoreCards })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cards: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

/** / Dashboard: the three count cards of SPEC §2 and, where the site has plot plans, the map card; from the replica, live. */
export function DashboardPage() {
  const styles = useStyles();
  const { profile, homeLocation, anyAbility, settings, flags } = useAppData().data;
  const counts = useDashboardCounts();
  // The cards below the counts load once the counts are shown, a render later: on a new device their
  // code does not share the link with the first sync the counts wait for (issue 13's first load).
  const [more, setMore] = useState(false);
  const countsKnown = counts.openPermits !== undefined && (!flags.workOrdersEnabled || counts.openWorkorders !== undefined);
  useEffect(() => {
    if (countsKnown) setMore(true);
  }, [countsKnown]);
  // Made again when the connection comes or goes: React keeps a lazy module's failed fetch for good,
  // and a module fetched once is taken from memory again, offline too.
  const online = useOnline();
  const MoreCards = useMemo(() => moreCardsWhile(online), [online]);
  return (
    <section className={styles.root}>
      <Title2 as="h1">Dashboard</Title2>
      <Body1>
        Welcome, {profile.FirstName}. Your home location is {homeLocation?.Title ?? 'not set'}.
      </Body1>
      {anyAbility ? (
        <>
          <div className={styles.cards}>
            <CountCard title="Open Permits" count={counts.openPermits} to={DASHBOARD_LINKS.openPermits} />
            <CountCard title="Permits Needing Approval" count={counts.needingApproval} to={DASHBOARD_LINKS.needingApproval} />
            {flags.workOrdersEnabled ? (
              <CountCard title="Open Workorders" count={counts.openWorkorders} to={DASHBOARD_LINKS.openWorkorders} />
            ) : null}
            {more && (
              <MoreCardsBoundary key={String(online)}>
                <Suspense fallback={null}>
                  <MoreCards />
                </Suspense>
              </MoreCardsBoundary>
            )}
          </div>
          {flags.plotPlanEnabled ? (
            <Suspense fallback={null}>
              <DashboardMapCard />
            </Suspense>
          ) : null}
        </>
      ) : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            You have no permissions at your home location. To request access, email the service desk at{' '}
            {settings.serviceDeskEmail}.
          </MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
