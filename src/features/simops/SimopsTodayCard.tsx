import { Body1, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '../../app/AppLink';
import { PlainCard } from '../../app/PlainCard';
import { useAppData } from '../../app/startup/appData';
import { referenceOf } from '../permits/permitText';
import { metres, RULE_LABELS } from './simopsText';
import { useSimops } from './useSimops';

const useStyles = makeStyles({
  card: { flex: '1 1 220px', maxWidth: '420px' },
  count: { fontSize: tokens.fontSizeHero900, lineHeight: tokens.lineHeightHero900, fontWeight: tokens.fontWeightSemibold },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
});

/** The pairs the card names; the rest are counted (the permit pages name them all). */
const LISTED = 5;

/**
 * The dashboard's SIMOPS clashes today (issue 38): the home site's clashes whose overlap falls
 * on today's calendar day on the device, the worst first, from the replica. Loaded after the
 * dashboard's first paint, so the first load carries none of the clash index.
 */
export function SimopsTodayCard() {
  const styles = useStyles();
  const { homeLocation } = useAppData().data;
  const view = useSimops();
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  const today = view && homeLocation
    ? view.clashes.clashesAt(homeLocation.SiteId).filter((c) => c.overlap.start < end.getTime() && c.overlap.end > start.getTime())
    : [];
  const name = (id: string) => `Permit # ${referenceOf(view?.permits.get(id)?.PermitInstanceReferenceId ?? 'TBD')}`;
  return (
    <PlainCard className={styles.card} role="region" aria-label="SIMOPS clashes today">
      <Text weight="semibold">SIMOPS clashes today</Text>
      {view === undefined ? (
        <Spinner size="small" label="Syncing…" labelPosition="after" />
      ) : (
        <Text className={styles.count} aria-label={`SIMOPS clashes today: ${today.length}`}>
          {today.length}
        </Text>
      )}
      {today.length > 0 && (
        <ul className={styles.list}>
          {today.slice(0, LISTED).map((clash) => (
            <li key={clash.ids.join()}>
              <Body1>
                <AppLink to={`/permits/${encodeURIComponent(clash.ids[0])}/edit`}>{name(clash.ids[0])}</AppLink>
                {' and '}
                <AppLink to={`/permits/${encodeURIComponent(clash.ids[1])}/edit`}>{name(clash.ids[1])}</AppLink>
                {`: ${metres(clash.distanceM)} apart, ${RULE_LABELS[clash.rule].toLowerCase()}`}
              </Body1>
            </li>
          ))}
        </ul>
      )}
      {today.length > LISTED && <Caption1>{`and ${today.length - LISTED} more`}</Caption1>}
    </PlainCard>
  );
}
