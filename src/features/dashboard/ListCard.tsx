import { Body1, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PlainCard } from '../../app/PlainCard';

const useStyles = makeStyles({
  card: { flex: '1 1 220px', maxWidth: '420px' },
  count: { fontSize: tokens.fontSizeHero900, lineHeight: tokens.lineHeightHero900, fontWeight: tokens.fontWeightSemibold },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
});

/** The items a card names; the rest are counted. */
const LISTED = 5;

interface ListCardProps<T> {
  title: string;
  /** undefined while the replica does not know yet (first sync under way). */
  items: readonly T[] | undefined;
  keyOf: (item: T) => string;
  /** One item's line, most urgent first. */
  line: (item: T) => ReactNode;
  /** Below the list: where the whole of it is. */
  footer?: ReactNode;
}

/**
 * A dashboard card that counts what needs someone's eyes and names the first few (isolations in
 * place, gas tests due, SIMOPS clashes today). A region named by its title, as the count cards are.
 */
export function ListCard<T>({ title, items, keyOf, line, footer }: ListCardProps<T>) {
  const styles = useStyles();
  return (
    <PlainCard className={styles.card} role="region" aria-label={title}>
      <Text weight="semibold">{title}</Text>
      {items === undefined ? (
        <Spinner size="small" label="Syncing…" labelPosition="after" />
      ) : (
        <Text className={styles.count} aria-label={`${title}: ${items.length}`}>{items.length}</Text>
      )}
      {items && items.length > 0 && (
        <ul className={styles.list}>
          {items.slice(0, LISTED).map((item) => (
            <li key={keyOf(item)}>
              <Body1>{line(item)}</Body1>
            </li>
          ))}
        </ul>
      )}
      {items && items.length > LISTED && <Caption1>{`and ${items.length - LISTED} more`}</Caption1>}
      {footer}
    </PlainCard>
  );
}
