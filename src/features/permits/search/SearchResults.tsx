import { Body1, Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import type { Permit } from '../../../../schemas';
import { SuspendedBadge } from '../../gasTests/SuspendedBadge';
import { useIsSuspended } from '../../gasTests/useSuspended';
import { referenceOf } from '../permitText';
import { StateBadge } from '../StateBadge';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  row: { cursor: 'pointer' },
  state: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

interface Props {
  rows: Permit[];
  total: number;
  atLeast: boolean;
  page: number;
  size: number;
  titleOf(id: number): string;
  onPage(page: number): void;
}

const COLUMNS = ['Permit #', 'Work Order', 'Created', 'Location', 'Issuer', 'Company', 'Asset Number', 'State'];

/** The result rows of /permits/search (SPEC §2): reference, work order, created date, location, issuer, company, asset number. */
export function SearchResults({ rows, total, atLeast, page, size, titleOf, onPage }: Props) {
  const styles = useStyles();
  const navigate = useNavigate();
  // Stopped work (issue 37) is marked beside its state: the report's APPROVED counts lead here.
  const suspended = useIsSuspended();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <>
      <Body1 aria-live="polite">{`${total.toLocaleString('en-US')}${atLeast ? '+' : ''} ${total === 1 ? 'match' : 'matches'} found`}</Body1>
      <Table aria-label="Search results" size="small">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHeaderCell key={c}>{c}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.PermitInstanceId} className={styles.row} onClick={() => navigate(`/permits/${p.PermitInstanceId}/edit`)}>
              <TableCell>{referenceOf(p.PermitInstanceReferenceId)}</TableCell>
              <TableCell>{p.workOrderNumber}</TableCell>
              <TableCell>{p.CreatedOn.slice(0, 10)}</TableCell>
              <TableCell>{p.workLocation || titleOf(p.LocationId)}</TableCell>
              <TableCell>{p.permitIssuer}</TableCell>
              <TableCell>{p.companyName}</TableCell>
              <TableCell>{p.assetNumber}</TableCell>
              <TableCell>
                <span className={styles.state}>
                  <StateBadge state={p.State} />
                  {suspended(p) && <SuspendedBadge />}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <nav className={styles.pager} aria-label="Pages">
        <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={page === 0} onClick={() => onPage(page - 1)} />
        <Caption1>{`Page ${page + 1} of ${pages}`}</Caption1>
        <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={page >= pages - 1} onClick={() => onPage(page + 1)} />
      </nav>
    </>
  );
}
