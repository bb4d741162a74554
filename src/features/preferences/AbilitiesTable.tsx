import {
  Body1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { Abilities } from '../../../domain/abilities';
import { useAppData } from '../../app/startup/appData';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '640px' },
});

interface Row {
  area: string;
  view: boolean;
  edit: boolean;
  /** null: the area has no print ability (forms), shown as 'n/a'. */
  print: boolean | null;
}

/** Only areas where at least one ability is true get a row (SPEC §6). */
export function abilityRows(abilities: Abilities): Row[] {
  const rows: Row[] = [
    { area: 'Forms', view: abilities.forms.view, edit: abilities.forms.edit, print: null },
    { area: 'Permits', ...abilities.permits },
  ];
  return rows.filter((row) => row.view || row.edit || row.print === true);
}

const yesNo = (value: boolean | null) => (value === null ? 'n/a' : value ? 'Yes' : 'No');

/** What the user may do at their home location. */
export function AbilitiesTable() {
  const styles = useStyles();
  const rows = abilityRows(useAppData().data.abilities);
  return (
    <section className={styles.root}>
      <Text as="h2" size={400} weight="semibold">
        Location Abilities
      </Text>
      {rows.length === 0 ? (
        <Body1>You have no abilities at your home location.</Body1>
      ) : (
        <Table aria-label="Location Abilities">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Area</TableHeaderCell>
              <TableHeaderCell>View</TableHeaderCell>
              <TableHeaderCell>Edit</TableHeaderCell>
              <TableHeaderCell>Print</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.area}>
                <TableCell>{row.area}</TableCell>
                <TableCell>{yesNo(row.view)}</TableCell>
                <TableCell>{yesNo(row.edit)}</TableCell>
                <TableCell>{yesNo(row.print)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
