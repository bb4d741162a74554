import { Button, Caption1, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useId } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface Props {
  /** Zero-based page shown. */
  page: number;
  pages: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** Rows per page and previous/next, under a table that pages in memory. */
export function TablePager({ page, pages, pageSize, pageSizes, total, onPage, onPageSize }: Props) {
  const styles = useStyles();
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const sizeId = useId();
  return (
    <div className={styles.root}>
      <Field className={styles.size} label={{ children: 'Rows per page', htmlFor: sizeId }} orientation="horizontal">
        <Select id={sizeId} value={String(pageSize)} onChange={(_e, d) => onPageSize(Number(d.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </Field>
      <Caption1 aria-live="polite">{`${first}–${last} of ${total}`}</Caption1>
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={page === 0} onClick={() => onPage(page - 1)} />
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={page >= pages - 1} onClick={() => onPage(page + 1)} />
    </div>
  );
}
