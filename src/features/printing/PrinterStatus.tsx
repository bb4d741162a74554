import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { appearsOffline } from '../../../domain/printing';
import type { Printer } from '../../../schemas';

/** SPEC §8: a printer not online or not Idle 'appears to be offline', with its state, message and reasons. */
export function PrinterStatus({ printer }: { printer: Printer }) {
  if (!appearsOffline(printer)) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{messages.printing.appearsOffline(printer.Name)}</MessageBarTitle>
        <div>{`State: ${printer.PrinterState}`}</div>
        {printer.PrinterStateMessage && <div>{`Message: ${printer.PrinterStateMessage}`}</div>}
        <div>{`Reasons: ${printer.PrinterStateReasons.join(', ') || 'none'}`}</div>
      </MessageBarBody>
    </MessageBar>
  );
}
