import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { printOutcome } from '../../../domain/printing';
import type { PrintResult } from '../../../schemas';

/** The print result (SPEC §8): severity, Result, Printer State and Reasons. */
export function PrintResultAlert({ result }: { result: PrintResult }) {
  const { severity, message } = printOutcome(result);
  return (
    // A status region, so the result is announced; the MessageBar itself is named by its title.
    <div role="status" aria-label="Print result">
      <MessageBar intent={severity} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{message}</MessageBarTitle>
          <div>{`Result: ${result.Result}`}</div>
          <div>{`Printer State: ${result.PrinterState}${result.PrinterStateMessage ? ` (${result.PrinterStateMessage})` : ''}`}</div>
          <div>{`Reasons: ${result.PrinterStateReasons.join(', ') || 'none'}`}</div>
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}
