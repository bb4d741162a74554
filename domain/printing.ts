import type { Printer, PrintResult } from '../schemas';
import type { LocationTree } from './locations';
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

/** A location as the Add Printer form offers it. */
export interface LocationChoice {
  value: number;
  /** Its path from the top of the site, so two units' 'Control Room' can be told apart. */
  label: string;
}

const ofSite = (tree: LocationTree, siteId: number) => [...tree.byId.values()].filter((l) => l.SiteId === siteId);

/** The site's topmost locations (their parent is not of the site): asked with their sublocations, they cover the whole site. */
export function siteTops(tree: LocationTree, siteId: number): number[] {
  return ofSite(tree, siteId)
    .filter((l) => tree.byId.get(l.ParentLocationId)?.SiteId !== siteId)
    .map((l) => l.LocationId)
    .sort((a, b) => a - b);
}

/** Every location of the site, in tree order (parents before their children, siblings by title), labelled with its path. */
export function siteLocationChoices(tree: LocationTree, siteId: number): LocationChoice[] {
  const choices: LocationChoice[] = [];
  const visit = (id: number, path: string, seen: Set<number>) => {
    const location = tree.byId.get(id);
    if (!location || location.SiteId !== siteId || seen.has(id)) return;
    seen.add(id);
    const label = path ? `${path} › ${location.Title}` : location.Title;
    choices.push({ value: id, label });
    for (const child of tree.childrenOf(id)) visit(child.LocationId, label, seen);
  };
  const seen = new Set<number>();
  const tops = siteTops(tree, siteId).map((id) => tree.byId.get(id)!).sort((a, b) => a.Title.localeCompare(b.Title));
  for (const top of tops) visit(top.LocationId, '', seen);
  return choices;
}

/**
 * The printers located at the site, from the answers of GET /printer for each of its tops: a
 * printer above the site serves it too but is another site's to manage, and a printer answered
 * twice is listed once. By location path, then name.
 */
export function sitePrinters<P extends Pick<Printer, 'PermitPrinterId' | 'LocationId' | 'Name'>>(answers: readonly (readonly P[])[], choices: readonly LocationChoice[]): (P & { location: string })[] {
  const labels = new Map(choices.map((c) => [c.value, c.label]));
  const byId = new Map<number, P & { location: string }>();
  for (const printer of answers.flat()) {
    const location = labels.get(printer.LocationId);
    if (location !== undefined && !byId.has(printer.PermitPrinterId)) byId.set(printer.PermitPrinterId, { ...printer, location });
  }
  return [...byId.values()].sort((a, b) => a.location.localeCompare(b.location) || a.Name.localeCompare(b.Name));
}
