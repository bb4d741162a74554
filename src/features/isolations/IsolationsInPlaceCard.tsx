import { Body1, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { IN_PLACE_STATES } from '../../../domain/isolations/lifecycle';
import { AppLink } from '../../app/AppLink';
import { PlainCard } from '../../app/PlainCard';
import { useIsolations } from './useIsolations';

const useStyles = makeStyles({
  card: { flex: '1 1 220px', maxWidth: '420px' },
  count: { fontSize: tokens.fontSizeHero900, lineHeight: tokens.lineHeightHero900, fontWeight: tokens.fontWeightSemibold },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
});

/** The certificates the card names; the rest are counted. */
const LISTED = 5;

/**
 * The dashboard's Isolations in place (issue 36): certificates whose locks are on the plant, those
 * waiting for de-isolation first (someone is about to take locks off), from the replica. Loaded after
 * the dashboard's first paint, so the first load carries none of it.
 */
export function IsolationsInPlaceCard() {
  const styles = useStyles();
  const found = useIsolations();
  const inPlace = (found ?? [])
    .map(({ doc }) => doc)
    .filter((c) => IN_PLACE_STATES.includes(c.State))
    .sort((a, b) => Number(b.State === 'DE-ISOLATION REQUESTED') - Number(a.State === 'DE-ISOLATION REQUESTED') || a.ReferenceId.localeCompare(b.ReferenceId));
  return (
    <PlainCard className={styles.card} role="region" aria-label="Isolations in place">
      <Text weight="semibold">Isolations in place</Text>
      {found === undefined ? (
        <Spinner size="small" label="Syncing…" labelPosition="after" />
      ) : (
        <Text className={styles.count} aria-label={`Isolations in place: ${inPlace.length}`}>{inPlace.length}</Text>
      )}
      {inPlace.length > 0 && (
        <ul className={styles.list}>
          {inPlace.slice(0, LISTED).map((c) => (
            <li key={c.IsolationCertificateId}>
              <Body1>
                <AppLink to={`/isolations/${encodeURIComponent(c.IsolationCertificateId)}`}>{c.ReferenceId}</AppLink>
                {`: ${c.Equipment} (${c.State})`}
              </Body1>
            </li>
          ))}
        </ul>
      )}
      {inPlace.length > LISTED && <Caption1>{`and ${inPlace.length - LISTED} more`}</Caption1>}
      <div>
        <AppLink to="/isolations">View Details</AppLink>
      </div>
    </PlainCard>
  );
}
