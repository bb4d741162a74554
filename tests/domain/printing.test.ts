import { describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import { appearsOffline, orderPrinters, printOutcome, siteLocationChoices, sitePrinters, siteTops } from '../../domain/printing';
import type { Location } from '../../schemas';

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

const location = (LocationId: number, ParentLocationId: number, SiteId: number, Title: string): Location => ({
  LocationId, ParentLocationId, SiteId, Title, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null,
});

describe('the printers of a site in the admin area', () => {
  // Site 1 has two tops (Bayport, Deer Park); a location of site 2 hangs below Bayport, and site 2's own top is elsewhere.
  const tree = buildLocationTree([
    location(10, 0, 1, 'Bayport'),
    location(11, 10, 1, 'Crude Unit'),
    location(12, 11, 1, 'Control Room'),
    location(13, 10, 1, 'Alkylation'),
    location(20, 0, 1, 'Deer Park'),
    location(21, 20, 1, 'Control Room'),
    location(30, 10, 2, 'Tank Farm (leased)'),
    location(40, 0, 2, 'Houston'),
  ]);

  it('asks for the tops of the site: together with their sublocations they cover it', () => {
    expect(siteTops(tree, 1)).toEqual([10, 20]);
    // A site may start below another site's location.
    expect(siteTops(tree, 2)).toEqual([30, 40]);
    expect(siteTops(tree, 9)).toEqual([]);
  });

  it('offers every location of the site, parents first and labelled with their path, and none of another site', () => {
    expect(siteLocationChoices(tree, 1)).toEqual([
      { value: 10, label: 'Bayport' },
      { value: 13, label: 'Bayport › Alkylation' },
      { value: 11, label: 'Bayport › Crude Unit' },
      { value: 12, label: 'Bayport › Crude Unit › Control Room' },
      { value: 20, label: 'Deer Park' },
      { value: 21, label: 'Deer Park › Control Room' },
    ]);
    expect(siteLocationChoices(tree, 2).map((c) => c.label)).toEqual(['Houston', 'Tank Farm (leased)']);
  });

  it('lists each printer located at the site once, by location then name; printers above the site are not its own', () => {
    const printer = (PermitPrinterId: number, LocationId: number, Name: string) => ({ PermitPrinterId, LocationId, Name });
    const fromBayport = [printer(1, 10, 'Site Laser'), printer(2, 12, 'Zebra'), printer(3, 12, 'Board Room')];
    const fromDeerPark = [printer(4, 21, 'Control Room Laser')];
    // Asked for Tank Farm (site 2), the answer holds Bayport's printer above it too.
    expect(sitePrinters([[printer(1, 10, 'Site Laser'), printer(5, 30, 'Tank Printer')]], siteLocationChoices(tree, 2))).toEqual([
      { PermitPrinterId: 5, LocationId: 30, Name: 'Tank Printer', location: 'Tank Farm (leased)' },
    ]);
    expect(sitePrinters([fromBayport, fromDeerPark, [printer(1, 10, 'Site Laser')]], siteLocationChoices(tree, 1)).map((p) => [p.PermitPrinterId, p.location])).toEqual([
      [1, 'Bayport'],
      [3, 'Bayport › Crude Unit › Control Room'],
      [2, 'Bayport › Crude Unit › Control Room'],
      [4, 'Deer Park › Control Room'],
    ]);
  });
});
