import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import type { PermitState } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { searchLink, type ReportRow } from './reportData';

interface Props {
  rows: readonly ReportRow[];
  states: readonly PermitState[];
}

/** A row per location (or one for all), a column per state; each count opens the permit search for that state and location. */
export function ReportTable({ rows, states }: Props) {
  return (
    <Table aria-label="Permits by state" size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Location</TableHeaderCell>
          {states.map((state) => (
            <TableHeaderCell key={state}>{state}</TableHeaderCell>
          ))}
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
            <TableCell>
              <Text weight="semibold">{row.Total}</Text>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
