import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({ root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS } });

/** Previous/next under a list of cards; `page` is zero-based. */
export function ListPager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const styles = useStyles();
  return (
    <nav className={styles.root} aria-label="Pages">
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={page === 0} onClick={() => onPage(page - 1)} />
      <Caption1 aria-live="polite">{`Page ${page + 1} of ${pages}`}</Caption1>
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={page >= pages - 1} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
