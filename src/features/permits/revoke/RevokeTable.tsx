import {
  Badge, Caption1, Table, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow, TableSelectionCell, makeStyles,
} from '@fluentui/react-components';
import type { Overlaid } from '../../../../replication/outboxOverlay';
import type { Permit } from '../../../../schemas';
import { useAppData } from '../../../app/startup/appData';
import { referenceOf } from '../permitText';

const useStyles = makeStyles({
  row: { cursor: 'pointer' },
  wrap: { overflowWrap: 'anywhere' },
});

interface Props {
  /** The rows of the page shown. */
  rows: readonly Overlaid<Permit>[];
  selected: ReadonlySet<string>;
  /** Compact rows, to scan many permits at once. */
  dense: boolean;
  onToggle(id: string): void;
  /** Ticks every row of the page, or unticks them when all are ticked. */
  onTogglePage(ids: readonly string[], select: boolean): void;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** The permits a supervisor picks from: enough of each (reference, type, work, place, dates) to recognise it. */
export function RevokeTable({ rows, selected, dense, onToggle, onTogglePage }: Props) {
  const styles = useStyles();
  const { data } = useAppData();
  const ids = rows.map(({ doc }) => doc.PermitInstanceId);
  const ticked = ids.filter((id) => selected.has(id)).length;
  const all = ticked > 0 && ticked === ids.length;

  return (
    <Table aria-label="Approved permits" size={dense ? 'extra-small' : 'medium'}>
      <TableHeader>
        <TableRow>
          <TableSelectionCell
            checked={all ? true : ticked > 0 ? 'mixed' : false}
            onClick={() => onTogglePage(ids, !all)}
            checkboxIndicator={{ 'aria-label': 'Select all permits on this page' }}
          />
          <TableHeaderCell>Permit #</TableHeaderCell>
          <TableHeaderCell>Permit type</TableHeaderCell>
          <TableHeaderCell>Work description</TableHeaderCell>
          <TableHeaderCell>Location</TableHeaderCell>
          <TableHeaderCell>Approved</TableHeaderCell>
          <TableHeaderCell>Last changed</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ doc, pending }) => {
          const id = doc.PermitInstanceId;
          const reference = referenceOf(doc.PermitInstanceReferenceId);
          const location = data.tree.byId.get(doc.LocationId)?.Title ?? String(doc.LocationId);
          return (
            // The whole row toggles, as in Fluent's selection tables: a tablet user need not hit the box.
            <TableRow key={id} className={styles.row} aria-selected={selected.has(id)} onClick={() => onToggle(id)}>
              <TableSelectionCell checked={selected.has(id)} checkboxIndicator={{ 'aria-label': `Select permit ${reference}` }} />
              <TableCell>
                <TableCellLayout>
                  {reference}{' '}
                  {/* A ticked permit someone else revoked meanwhile stays listed with its new state. */}
                  {doc.State !== 'APPROVED' && <Badge appearance="tint" color="danger">{doc.State}</Badge>}{' '}
                  {pending && <Badge appearance="outline">Not synced yet</Badge>}
                </TableCellLayout>
              </TableCell>
              <TableCell>{doc.permitTypes.map((t) => t.Label).join(', ')}</TableCell>
              <TableCell className={styles.wrap}>{doc.workDescription.map((w) => w.workDescription).join(' · ')}</TableCell>
              <TableCell className={styles.wrap}>
                <TableCellLayout description={dense ? undefined : <Caption1>{doc.workLocation}</Caption1>}>{location}</TableCellLayout>
              </TableCell>
              <TableCell>{when(doc.EffectiveDate)}</TableCell>
              <TableCell>{when(doc.DateChanged)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
