import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2,
} from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { messages } from '../../../domain/messages';
import type { ListItem } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useAdminOutlet } from '../admin/adminSites';
import { ConfirmInline } from './ConfirmInline';
import { ItemDialog } from './ListDialogs';
import { NoSite, ReadOnlyNotice } from './ListsPage';
import { addItem, deleteItem, editItem } from './listWrites';
import { useListStyles } from './styles';
import { useSiteLists } from './useSiteLists';

/** /admin/lists/{fieldKey}/items: Value and Label of each item, with Edit, Delete and Add Item (SPEC §2). */
export function ListItemsPage() {
  const styles = useListStyles();
  const fieldKey = useParams().fieldKey ?? '';
  const { site } = useAdminOutlet();
  const { lists, writer } = useSiteLists(site?.SiteId ?? null);
  const outcome = useChangeOutcome();
  // undefined: closed; null: adding; an item: editing it.
  const [dialog, setDialog] = useState<ListItem | null | undefined>(undefined);

  if (!site) return <NoSite />;
  const shown = lists.find((l) => l.list.FieldKey === fieldKey);
  if (!shown) {
    return (
      <div className={styles.page}>
        <Title2 as="h1">{`List ${fieldKey}`}</Title2>
        <Text>{`${site.name} has no list with the key ${fieldKey}.`}</Text>
        <AppLink to="/admin/lists">Back to the lists</AppLink>
      </div>
    );
  }
  const { list, pending } = shown;
  const canEdit = site.canEdit;
  const save = (item: ListItem) => {
    const editing = dialog;
    setDialog(undefined);
    if (editing) void editItem(writer, list, editing.Value, item).then((e) => outcome(e, { done: messages.admin.updated, refused: messages.admin.itemUpdateFailed }));
    else void addItem(writer, list, item).then((e) => outcome(e, { done: messages.lists.itemAdded, refused: messages.lists.itemAddFailed }));
  };

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Title2 as="h1">
          {`List ${list.FieldKey}`} {pending ? <Badge appearance="tint" color="warning">Pending</Badge> : null}
        </Title2>
        <Button appearance="primary" icon={<AddRegular />} disabled={!canEdit} onClick={() => setDialog(null)}>
          Add Item
        </Button>
      </div>
      <AppLink to="/admin/lists">Back to the lists</AppLink>
      {canEdit ? null : <ReadOnlyNotice />}
      <Table aria-label={`Items of ${list.FieldKey}`} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Value</TableHeaderCell>
            <TableHeaderCell>Label</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.ListItems.map((item) => (
            <TableRow key={item.Value}>
              <TableCell>{item.Value}</TableCell>
              <TableCell>{item.Label}</TableCell>
              <TableCell>
                <span className={styles.actions}>
                  <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${item.Value}`} disabled={!canEdit} onClick={() => setDialog(item)}>
                    Edit
                  </Button>
                  <ConfirmInline
                    what={item.Value}
                    disabled={!canEdit || list.ListItems.length === 1}
                    disabledReason={list.ListItems.length === 1 ? 'A list needs one item: delete the list instead.' : undefined}
                    onDelete={() => void deleteItem(writer, list, item.Value).then((e) => outcome(e, { done: messages.lists.itemDeleted, refused: messages.lists.itemDeleteFailed }))}
                  />
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ItemDialog
        open={dialog !== undefined}
        item={dialog ?? undefined}
        taken={list.ListItems.filter((i) => i.Value !== dialog?.Value).map((i) => i.Value)}
        onClose={() => setDialog(undefined)}
        onSave={save}
      />
    </div>
  );
}
