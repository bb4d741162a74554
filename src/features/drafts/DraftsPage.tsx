import {
  Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Table, TableBody, TableCell,
  TableHeader, TableHeaderCell, TableRow, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useNotify } from '../../app/toaster';
import { deleteDraft } from '../permits/permitWrites';
import { definitionsById$, drafts$ } from '../permits/permitQueries';
import type { PermitDefinition } from '../../../schemas';
import { draftRow } from './draftRow';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { cursor: 'pointer' },
});

/** /permits/drafts (SPEC §2): the user's drafts; a row opens the draft, the bin deletes it after a confirmation. */
export function DraftsPage() {
  const styles = useStyles();
  const db = useReplica();
  const { email } = useAppData();
  const navigate = useNavigate();
  const notify = useNotify();
  const drafts = useObservable(useMemo(() => drafts$(db, email), [db, email]), undefined);
  const definitions = useObservable(useMemo(() => definitionsById$(db), [db]), new Map<string, PermitDefinition>());
  const [deleting, setDeleting] = useState<string | null>(null);
  const open = (id: string) => navigate(`/permits/draft/${id}`);

  const confirmDelete = async () => {
    if (!deleting) return;
    await deleteDraft({ db, owner: email }, deleting);
    setDeleting(null);
    notify('success', 'Your draft has been deleted');
  };

  if (!drafts) return <Spinner label="Loading drafts…" />;
  return (
    <section className={styles.root}>
      <Title2 as="h1">Draft Permits</Title2>
      {drafts.length === 0 ? (
        <Body1>You don't have any drafts</Body1>
      ) : (
        <Table aria-label="Drafts">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Draft Saved</TableHeaderCell>
              <TableHeaderCell>Work Date</TableHeaderCell>
              <TableHeaderCell>Work Order #</TableHeaderCell>
              <TableHeaderCell>Work Description</TableHeaderCell>
              <TableHeaderCell aria-label="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {drafts.map(({ doc }) => {
              const row = draftRow(doc, definitions.get(doc.PermitDefinitionId));
              return (
                <TableRow key={doc.PermitInstanceId} className={styles.row} onClick={() => open(doc.PermitInstanceId)}>
                  <TableCell>{new Date(doc.LastUpdatedOn).toLocaleString()}</TableCell>
                  <TableCell>{row.workDate}</TableCell>
                  <TableCell>{row.workOrderNumber}</TableCell>
                  <TableCell>{row.workDescription}</TableCell>
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Button appearance="subtle" icon={<EditRegular />} aria-label="Edit draft" onClick={() => open(doc.PermitInstanceId)} />
                    <Button appearance="subtle" icon={<DeleteRegular />} aria-label="Delete draft" onClick={() => setDeleting(doc.PermitInstanceId)} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Caption1>Drafts are deleted automatically after 7 days</Caption1>
      <Dialog open={deleting !== null} onOpenChange={(_e, d) => !d.open && setDeleting(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Delete draft</DialogTitle>
            <DialogContent>Are you sure you want to delete this draft?</DialogContent>
            <DialogActions>
              <Button onClick={() => setDeleting(null)}>Cancel</Button>
              <Button appearance="primary" onClick={() => void confirmDelete()}>
                Delete
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
