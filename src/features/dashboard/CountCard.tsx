import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '../../app/AppLink';
import { PlainCard } from '../../app/PlainCard';

const useStyles = makeStyles({
  card: { flex: '1 1 220px', maxWidth: '320px' },
  count: { fontSize: tokens.fontSizeHero900, lineHeight: tokens.lineHeightHero900, fontWeight: tokens.fontWeightSemibold },
});

interface CountCardProps {
  title: string;
  /** undefined while the replica does not know yet (first sync under way). */
  count: number | undefined;
  to: string;
}

/** One dashboard card: a count and its View Details link (SPEC §2 /). A region named by its title, for assistive technology. */
export function CountCard({ title, count, to }: CountCardProps) {
  const styles = useStyles();
  return (
    <PlainCard className={styles.card} role="region" aria-label={title}>
      <Text weight="semibold">{title}</Text>
      {count === undefined ? (
        <Spinner size="small" label="Syncing…" labelPosition="after" />
      ) : (
        <Text className={styles.count} aria-label={`${title}: ${count}`}>
          {count}
        </Text>
      )}
      <div>
        <AppLink to={to}>View Details</AppLink>
      </div>
    </PlainCard>
  );
}
