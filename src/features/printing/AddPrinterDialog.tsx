import { useState } from 'react';
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { UiSchema } from '@rjsf/utils';
import addPrinterValidators from 'virtual:form-validator/AddPrinterBody';
import { messages } from '../../../domain/messages';
import type { LocationChoice } from '../../../domain/printing';
import { addPrinter } from '../../../replication/printing';
import { AddPrinterBody, type Printer } from '../../../schemas';
import { useNotify } from '../../app/toaster';
import { ChoiceWidget } from '../admin/schemaForm/ChoiceWidget';
import { SchemaForm } from '../admin/schemaForm/SchemaForm';

/** Words for what the server's schema refuses (SPEC §8 has none for printers). */
const MESSAGES = {
  LocationId: messages.printers.locationRequired,
  Name: { required: messages.printers.nameRequired, minLength: messages.printers.nameRequired, maxLength: 'Name can be at most 120 characters long' },
  Uri: { required: messages.printers.uriRequired, minLength: messages.printers.uriRequired, pattern: messages.printers.uriInvalid, maxLength: 'URI can be at most 500 characters long' },
};

interface AddPrinterProps {
  open: boolean;
  /** The site's locations; the first is chosen to start with. */
  choices: readonly LocationChoice[];
  onAdded(printer: Printer): void;
  onClose(): void;
}

/**
 * Add Printer: the form of POST /printer rendered from the schema the server validates it with.
 * The server asks the printer for its state and colour support before it answers, so the dialog
 * waits for it; a refusal (a URI already there, a printer the server cannot use) stays in the
 * dialog with the server's sentence, with what was typed.
 */
export function AddPrinterDialog({ open, choices, onAdded, onClose }: AddPrinterProps) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const ui: UiSchema<AddPrinterBody> = {
    'ui:order': ['LocationId', 'Name', 'Uri', 'DefaultColor'],
    LocationId: { 'ui:widget': ChoiceWidget, 'ui:title': 'Location', 'ui:options': { choices } },
    Uri: { 'ui:title': 'URI', 'ui:description': 'ipp://host:631/ipp/print, ipps://… or pdf-folder:name' },
    DefaultColor: { 'ui:title': 'Print in colour by default (if the printer has colour)' },
  };

  const submit = async (body: AddPrinterBody) => {
    setBusy(true);
    setRefusal(null);
    try {
      const printer = await addPrinter({ ...body, Name: body.Name.trim() });
      notify('success', messages.printers.added);
      onAdded(printer);
      close();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => (d.open ? undefined : close())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Add Printer</DialogTitle>
          <DialogContent>
            {refusal ? (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>
                  <MessageBarTitle>The printer was not added</MessageBarTitle>
                  {refusal}
                </MessageBarBody>
              </MessageBar>
            ) : null}
            {open ? (
              <SchemaForm<AddPrinterBody>
                schema={AddPrinterBody}
                idPrefix="printer"
                validateFns={addPrinterValidators}
                formData={{ LocationId: choices[0]?.value ?? 0, Name: '', Uri: '' }}
                uiSchema={ui}
                messages={MESSAGES}
                submitLabel="Add"
                busy={busy}
                onSubmit={(body) => void submit(body)}
                onCancel={close}
              />
            ) : null}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
