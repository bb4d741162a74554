import { Link, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';

const useStyles = makeStyles({
  // SPEC §5: the list is at most 500 px high.
  root: { maxHeight: '500px', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

export interface SectionError {
  section: string;
  message: string;
  focus(): void;
}

/** The form's errors grouped by section with counts; a click scrolls to the field (SPEC §5). */
export function ErrorPanel({ errors }: { errors: readonly SectionError[] }) {
  const styles = useStyles();
  const groups = useMemo(() => {
    const bySection = new Map<string, SectionError[]>();
    for (const e of errors) bySection.set(e.section, [...(bySection.get(e.section) ?? []), e]);
    return bySection;
  }, [errors]);
  return (
    <div className={styles.root} aria-label="Form errors" role="region">
      {[...groups].map(([section, list]) => (
        <div key={section}>
          <Subtitle2>{`${section} (${list.length})`}</Subtitle2>
          <ul className={styles.list}>
            {list.map((e, i) => (
              <li key={i}>
                <Link onClick={() => e.focus()}>{e.message}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
