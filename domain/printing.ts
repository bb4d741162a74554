import type { Printer, PrintResult } from '../schemas';
import { messages } from './messages';

export type PrintSeverity = 'success' | 'warning' | 'error';

/**
 * SPEC §4's print-result rule: OK with the printer Idle or Processing is success; OK with
 * another state that is not stopped is success showing the printer's message; anything else
 * is an error. The texts are SPEC §8's.
 */
export function printOutcome(result: Pick<PrintResult, 'Result' | 'PrinterState' | 'PrinterStateMessage'>): { severity: PrintSeverity; message: string } {
  if (result.Result === 'OK') {
    if (result.PrinterState === 'Idle') return { severity: 'success', message: messages.printing.sent };
    if (result.PrinterState === 'Processing') return { severity: 'success', message: messages.printing.queued };
    if (result.PrinterState !== 'Stopped') return { severity: 'success', message: result.PrinterStateMessage || messages.printing.sent };
  }
  return { severity: 'error', message: messages.printing.failed };
}

/** SPEC §8: a printer not online or not Idle 'appears to be offline'. */
export const appearsOffline = (printer: Pick<Printer, 'Online' | 'PrinterState'>) => !printer.Online || printer.PrinterState !== 'Idle';

/** The order the print dialog offers printers in: the default first, then favourites, then the rest by name. */
export function orderPrinters<P extends Pick<Printer, 'PermitPrinterId' | 'Name'>>(printers: readonly P[], defaultId: number | null, favourites: readonly number[]): P[] {
  const rank = (p: P) => (p.PermitPrinterId === defaultId ? 0 : favourites.includes(p.PermitPrinterId) ? 1 : 2);
  return [...printers].sort((a, b) => rank(a) - rank(b) || a.Name.localeCompare(b.Name));
}
