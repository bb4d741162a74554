import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import newListValidators from 'virtual:form-validator/NewListForm';
import itemValidators from 'virtual:form-validator/ListItemForm';
import { messages } from '../../../domain/messages';
import { ListItemForm, NewListForm, type ListItem } from '../../../schemas';
import { SchemaForm } from '../admin/schemaForm/SchemaForm';

/** SPEC §5's words for what the schema itself refuses. */
const REQUIRED = { Label: messages.lists.labelRequired, Value: messages.lists.valueRequired };
const KEY = { required: messages.lists.keyRequired, minLength: messages.lists.keyRequired, pattern: messages.lists.keyInvalid, maxLength: 'Key can be at most 100 characters long' };

interface AddListProps {
  open: boolean;
  /** Keys the site already has: 'A list already exists with this key'. */
  keys: readonly string[];
  onSave(fieldKey: string, first: ListItem): void;
  onClose(): void;
}

/** Add List: the key (locked once the list exists) and the list's first item (SPEC §5). */
export function AddListDialog({ open, keys, onSave, onClose }: AddListProps) {
  return (
    <Dialog open={open} onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Add List</DialogTitle>
          <DialogContent>
            {open ? (
              <SchemaForm<NewListForm>
                schema={NewListForm}
                validateFns={newListValidators}
                formData={{ FieldKey: '', Label: '', Value: '' }}
                messages={{ FieldKey: KEY, ...REQUIRED }}
                // The schema states the key's form; the site's other keys only the replica knows.
                rules={(d) => ({ FieldKey: keys.includes(d.FieldKey) ? messages.lists.keyExists : null })}
                submitLabel="Save"
                onSubmit={(d) => onSave(d.FieldKey, { Label: d.Label.trim(), Value: d.Value.trim() })}
                onCancel={onClose}
              />
            ) : null}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

interface ItemProps {
  /** The item being edited; undefined adds one. */
  item: ListItem | undefined;
  open: boolean;
  /** Values of the list's other items: 'An item with this value already exists'. */
  taken: readonly string[];
  onSave(item: ListItem): void;
  onClose(): void;
}

/** Add Item / Edit Item: Label and Value, the value unique in its list (SPEC §5). */
export function ItemDialog({ item, open, taken, onSave, onClose }: ItemProps) {
  return (
    <Dialog open={open} onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{item ? 'Edit Item' : 'Add Item'}</DialogTitle>
          <DialogContent>
            {open ? (
              <SchemaForm<ListItemForm>
                schema={ListItemForm}
                validateFns={itemValidators}
                formData={item ?? { Label: '', Value: '' }}
                messages={REQUIRED}
                rules={(d) => ({ Value: taken.includes((d.Value ?? '').trim()) ? messages.lists.valueExists : null })}
                submitLabel="Save"
                onSubmit={(d) => onSave({ Label: d.Label.trim(), Value: d.Value.trim() })}
                onCancel={onClose}
              />
            ) : null}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
