import { Body1, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { abilitiesAt } from '../../../domain/abilities';
import { areasMissingHandover } from '../../../domain/handover/missing';
import { AppLink } from '../../app/AppLink';
import { useAppData } from '../../app/startup/appData';
import { useNow } from '../gasTests/useNow';
import { shiftWords } from './shiftWords';
import { useAllHandovers, useAllShiftPatterns } from './useHandover';

const useStyles = makeStyles({
  // A row of its own above the cards after it: a warning, not one more count.
  root: { flex: '1 1 100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The dashboard's warning of issue 39: 30 minutes into a shift, each area the user issues for
 * (permits.edit there) whose last shift change has no acknowledged handover, from the replica and
 * the clock (domain/handover/missing.ts). Nothing when none is missing. Loaded after the counts.
 */
export function HandoverMissingCard() {
  const styles = useStyles();
  const { profile, tree } = useAppData().data;
  const handovers = useAllHandovers();
  const patternOf = useAllShiftPatterns();
  const now = useNow(60_000);
  if (!handovers || !patternOf) return null;
  const missing = areasMissingHandover(handovers.map(({ doc }) => doc), patternOf, now)
    .filter((m) => tree.byId.has(m.LocationId) && abilitiesAt(profile, tree, m.LocationId).permits.edit);
  if (missing.length === 0) return null;
  return (
    <div className={styles.root} role="region" aria-label="Handover missing">
      {missing.map(({ LocationId, shift }) => {
        const title = tree.byId.get(LocationId)!.Title;
        const words = shiftWords({ Name: shift.name, Start: shift.start.toISOString(), End: shift.end.toISOString() }, patternOf(tree.byId.get(LocationId)!.SiteId).TimeZone);
        return (
          <MessageBar key={LocationId} intent="warning" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{`Handover missing: ${title}`}</MessageBarTitle>
              <Body1>{`Nobody has acknowledged the handover of the ${words}. `}</Body1>
              <AppLink to={`/handover?LocationId=${LocationId}`}>{`Open the handover of ${title}`}</AppLink>
            </MessageBarBody>
          </MessageBar>
        );
      })}
    </div>
  );
}
