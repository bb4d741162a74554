import { Badge, Caption1, Subtitle1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import type { RevokeOutcome } from './useRevokePermits';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The answer of the last revoke (SPEC §8): per permit OK or FAIL, and the server's reason. */
export function RevokeResults({ outcomes }: { outcomes: readonly RevokeOutcome[] }) {
  const styles = useStyles();
  const failed = outcomes.filter((o) => !o.ok).length;
  const headingId = useId();
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle1 as="h2" id={headingId}>
        Results
      </Subtitle1>
      <Caption1>{`${outcomes.length - failed} revoked, ${failed} not revoked`}</Caption1>
      <Table aria-label="Revoke results" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Permit #</TableHeaderCell>
            <TableHeaderCell>Result</TableHeaderCell>
            <TableHeaderCell>Reason</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {outcomes.map((o) => (
            <TableRow key={o.id}>
              <TableCell>{o.reference}</TableCell>
              <TableCell>
                <Badge appearance="filled" color={o.ok ? 'success' : 'danger'}>
                  {o.ok ? 'OK' : 'FAIL'}
                </Badge>
              </TableCell>
              <TableCell>{o.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
