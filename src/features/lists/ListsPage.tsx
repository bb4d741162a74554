import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Badge, Button, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2,
} from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { messages } from '../../../domain/messages';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useAdminOutlet } from '../admin/adminSites';
import { ConfirmInline } from './ConfirmInline';
import { AddListDialog } from './ListDialogs';
import { createList, deleteList } from './listWrites';
import { useListStyles } from './styles';
import { useSiteLists } from './useSiteLists';

/** /admin/lists: the site's value lists with Add List, Edit (its items) and Delete (SPEC §2). */
export function ListsPage() {
  const styles = useListStyles();
  const navigate = useNavigate();
  const { site } = useAdminOutlet();
  const { lists, writer } = useSiteLists(site?.SiteId ?? null);
  const outcome = useChangeOutcome();
  const [adding, setAdding] = useState(false);

  if (!site) return <NoSite />;
  const canEdit = site.canEdit;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Title2 as="h1">Lists</Title2>
        <Button appearance="primary" icon={<AddRegular />} disabled={!canEdit} onClick={() => setAdding(true)}>
          Add List
        </Button>
      </div>
      <Text className={styles.muted}>{`The value lists the permit forms of ${site.name} offer. Changes reach every device on its next sync.`}</Text>
      {canEdit ? null : <ReadOnlyNotice />}
      {lists.length === 0 ? (
        <Text>This site has no lists yet.</Text>
      ) : (
        <Table aria-label="Lists" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Key</TableHeaderCell>
              <TableHeaderCell>Items</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lists.map(({ list, pending }) => (
              <TableRow key={list.FieldKey}>
                <TableCell>
                  {list.FieldKey} {pending ? <Badge appearance="tint" color="warning">Pending</Badge> : null}
                </TableCell>
                <TableCell>{list.ListItems.length}</TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit the list ${list.FieldKey}`} onClick={() => navigate(`/admin/lists/${encodeURIComponent(list.FieldKey)}/items`)}>
                      Edit
                    </Button>
                    <ConfirmInline
                      what={`the list ${list.FieldKey}`}
                      disabled={!canEdit}
                      onDelete={() => void deleteList(writer, list).then((e) => outcome(e, { done: messages.lists.deleted, refused: messages.lists.deleteFailed }))}
                    />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddListDialog
        open={adding}
        keys={lists.map((l) => l.list.FieldKey)}
        onClose={() => setAdding(false)}
        onSave={(key, first) => {
          setAdding(false);
          void createList(writer, site.SiteId, key, first).then((e) => outcome(e, { done: messages.lists.added, refused: messages.lists.addFailed }));
        }}
      />
    </div>
  );
}

export function NoSite() {
  return (
    <MessageBar intent="info">
      <MessageBarBody>You do not administer any site: the admin area lists sites where you hold forms view (permission 84).</MessageBarBody>
    </MessageBar>
  );
}

export function ReadOnlyNotice({ what = 'You may view these lists. Changing them' }: { what?: string }) {
  return (
    <MessageBar intent="info">
      <MessageBarBody>{`${what} needs forms edit (permission 83) at this site.`}</MessageBarBody>
    </MessageBar>
  );
}
