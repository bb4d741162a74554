import type { LocationMetadata, Printer } from '../../schemas';
import type { Queryable } from '../db/database';
import { ancestorsAndSelf, type LocationTree } from '../../domain/locations';
import { metadataLists, type ListRow } from '../lists/lists';
import { loadLocationTree } from './locations';

/**
 * Metadata of a location; a location without its own inherits the nearest ancestor's. `tree`:
 * the location tree the caller has read already in the same request.
 */
export async function locationMetadata(db: Queryable, locationId: number, tree?: LocationTree): Promise<LocationMetadata | null> {
  const chain = ancestorsAndSelf(tree ?? (await loadLocationTree(db)), locationId);
  if (chain.length === 0) return null;
  const rows = await db.query<{ location_id: number; metadata: Omit<LocationMetadata, 'LocationId'> }>(
    'select location_id, metadata from location_metadata where location_id = any($1) and not deleted',
    [chain],
  );
  const nearest = chain.map((id) => rows.find((r) => r.location_id === id)).find(Boolean);
  if (!nearest) return null;
  // The selects of the location's forms offer its site's lists (server/lists).
  const lists = await db.query<ListRow & { deleted: boolean }>(
    'select site_id, field_key, items, deleted from lists where site_id = (select site_id from locations where location_id = $1) and not deleted order by field_key',
    [locationId],
  );
  return { ...nearest.metadata, LocationId: locationId, Lists: metadataLists(lists) };
}

export interface PrinterRow {
  printer_id: number;
  location_id: number;
  name: string;
  online: boolean;
  printer_state: string;
  printer_state_message: string;
  printer_state_reasons: string[];
  supports_color: boolean;
  default_color: boolean;
}

/** Printers that serve a location: its own and those of the areas above it (a site printer serves every unit). */
export async function printersFor(db: Queryable, locationId: number): Promise<Printer[]> {
  const chain = ancestorsAndSelf(await loadLocationTree(db), locationId);
  const rows = await db.query<PrinterRow>('select * from printers where location_id = any($1) and not deleted order by name', [chain]);
  return rows.map(presentPrinter);
}

export const presentPrinter = (r: PrinterRow): Printer => ({
  PermitPrinterId: r.printer_id,
  LocationId: r.location_id,
  Name: r.name,
  Online: r.online,
  PrinterState: r.printer_state,
  PrinterStateMessage: r.printer_state_message,
  PrinterStateReasons: r.printer_state_reasons,
  SupportsColor: r.supports_color,
  DefaultColor: r.default_color,
});
