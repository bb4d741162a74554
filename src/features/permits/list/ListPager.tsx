import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { memo } from 'react';

const useStyles = makeStyles({ root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS } });

interface Props {
  page: number;
  pages: number;
  /** The same function while the list is shown. */
  onPage(page: number): void;
}

/**
 * Previous/next under a list of cards; `page` is zero-based. Memoised, as are its buttons: a key
 * typed in the list's filter changes the number of pages but seldom the page (issue 13).
 */
export const ListPager = memo(function ListPager({ page, pages, onPage }: Props) {
  const styles = useStyles();
  return (
    <nav className={styles.root} aria-label="Pages">
      <StepButton label="Previous page" to={page - 1} disabled={page === 0} onPage={onPage} />
      <Caption1 aria-live="polite">{`Page ${page + 1} of ${pages}`}</Caption1>
      <StepButton label="Next page" to={page + 1} disabled={page >= pages - 1} onPage={onPage} />
    </nav>
  );
});

interface StepProps {
  label: 'Previous page' | 'Next page';
  to: number;
  disabled: boolean;
  onPage(page: number): void;
}

const StepButton = memo(function StepButton({ label, to, disabled, onPage }: StepProps) {
  return (
    <Button
      appearance="subtle"
      icon={label === 'Next page' ? <ChevronRightRegular /> : <ChevronLeftRegular />}
      aria-label={label}
      disabled={disabled}
      onClick={() => onPage(to)}
    />
  );
});
