import { describe, expect, it } from 'vitest';
import { appearsOffline, orderPrinters, printOutcome } from '../../domain/printing';

describe('the print result rule (SPEC §4) and its texts (SPEC §8)', () => {
  it.each([
    ['OK', 'Idle', '', 'success', 'Your permit has been sent to the printer.'],
    ['OK', 'Processing', 'Printing job 3', 'success', 'Printer is printing another job and your permit has been sent to the printer in queue.'],
    ['OK', 'Warming up', 'Warming up, 30 s', 'success', 'Warming up, 30 s'],
    ['OK', 'Stopped', 'Paper jam', 'error', 'There was a problem printing this permit, please try again.'],
    ['client-error-document-format-not-supported', 'Idle', '', 'error', 'There was a problem printing this permit, please try again.'],
    ['The printer did not answer: ECONNREFUSED', 'Unreachable', '', 'error', 'There was a problem printing this permit, please try again.'],
  ])('%s with the printer %s (%s) is %s', (Result, PrinterState, PrinterStateMessage, severity, message) => {
    expect(printOutcome({ Result, PrinterState, PrinterStateMessage })).toEqual({ severity, message });
  });

  it('says a printer appears offline unless it is online and Idle', () => {
    expect(appearsOffline({ Online: true, PrinterState: 'Idle' })).toBe(false);
    expect(appearsOffline({ Online: true, PrinterState: 'Processing' })).toBe(true);
    expect(appearsOffline({ Online: false, PrinterState: 'Idle' })).toBe(true);
  });

  it('offers the default printer first, then favourites, then the rest by name', () => {
    const printers = [{ PermitPrinterId: 1, Name: 'B' }, { PermitPrinterId: 2, Name: 'A' }, { PermitPrinterId: 3, Name: 'C' }, { PermitPrinterId: 4, Name: 'D' }];
    expect(orderPrinters(printers, 3, [4]).map((p) => p.PermitPrinterId)).toEqual([3, 4, 2, 1]);
    expect(orderPrinters(printers, null, []).map((p) => p.Name)).toEqual(['A', 'B', 'C', 'D']);
  });
});
