import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
// An icon of its own module: one from the package's index would join the first load (issue 13) with its whole group.
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import type { PermitState } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { SUSPENDED_COLUMN, searchLink, showsSuspended, type ReportRow } from './reportData';

const useStyles = makeStyles({
  suspended: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

interface Props {
  rows: readonly ReportRow[];
  states: readonly PermitState[];
}

/** A row per location (or one for all), a column per state; each count opens the permit search for that state and location. */
export function ReportTable({ rows, states }: Props) {
  const styles = useStyles();
  // Stopped work (issue 37) has a column of its own while there is some, in words: "1 Suspended".
  const suspended = showsSuspended(rows);
  return (
    <Table aria-label="Permits by state" size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Location</TableHeaderCell>
          {states.map((state) => (
            <TableHeaderCell key={state}>{state}</TableHeaderCell>
          ))}
          {suspended && <TableHeaderCell>{SUSPENDED_COLUMN}</TableHeaderCell>}
          <TableHeaderCell>Total</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.LocationId}>
            <TableCell>{row.Title}</TableCell>
            {states.map((state) => {
              const count = row.Counts[state] ?? 0;
              return (
                <TableCell key={state}>
                  <span aria-label={`${count} ${state} at ${row.Title}`}>
                    <AppLink to={searchLink(state, row.LocationId)}>{count}</AppLink>
                  </span>
                </TableCell>
              );
            })}
            {suspended && (
              <TableCell>
                {(row.Suspended ?? 0) > 0 ? (
                  <span className={styles.suspended} aria-label={`${row.Suspended} APPROVED with work suspended at ${row.Title}`}>
                    <WarningRegular aria-hidden />
                    <AppLink to={searchLink('APPROVED', row.LocationId)}>{`${row.Suspended} Suspended`}</AppLink>
                  </span>
                ) : (
                  '0'
                )}
              </TableCell>
            )}
            <TableCell>
              <Text weight="semibold">{row.Total}</Text>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
