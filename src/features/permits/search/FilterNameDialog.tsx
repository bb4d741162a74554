import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../domain/messages';

interface Props {
  title: string;
  action: string;
  initialName: string;
  onSave(name: string): void;
  onClose(): void;
}

/** Create or rename a saved filter: a name is required (SPEC §5). */
export function FilterNameDialog({ title, action, initialName, onSave, onClose }: Props) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const missing = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) onSave(name);
  };
  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <Field label="Filter name" required validationMessage={touched && missing ? messages.filters.nameRequired : undefined}>
                <Input value={name} onChange={(_e, d) => setName(d.value)} onBlur={() => setTouched(true)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={missing}>
                {action}
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
