import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { printOutcome } from '../../../domain/printing';
import type { PrintResult } from '../../../schemas';

/** The print result (SPEC §8): severity, Result, Printer State and Reasons. */
export function PrintResultAlert({ result }: { result: PrintResult }) {
  const { severity, message } = printOutcome(result);
  return (
    <MessageBar intent={severity} layout="multiline" aria-label="Print result">
      <MessageBarBody>
        <MessageBarTitle>{message}</MessageBarTitle>
        <div>{`Result: ${result.Result}`}</div>
        <div>{`Printer State: ${result.PrinterState}${result.PrinterStateMessage ? ` (${result.PrinterStateMessage})` : ''}`}</div>
        <div>{`Reasons: ${result.PrinterStateReasons.join(', ') || 'none'}`}</div>
      </MessageBarBody>
    </MessageBar>
  );
}
