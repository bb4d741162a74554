import { Readable } from 'node:stream';
import { descendantsAndSelf } from '../../domain/locations';
import type { Queryable } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { loadLocationTree } from '../locations/locations';
import { canonicalJson } from './canonical';
import { EVENT_COLUMNS, storedEvent, type StoredEvent } from './chain';

const PAGE = 2_000;
const EARLIEST = Date.UTC(1900, 0, 1);
/** The export's columns, in order: the hashed fields, then the two hashes (README, Audit trail). */
export const EXPORT_FIELDS = ['id', 'at', 'device_at', 'actor_id', 'actor_name', 'actor_kind', 'action', 'subject_type', 'subject_id', 'location_id', 'details', 'prev_hash', 'hash'] as const;

export interface ExportRequest {
  from: string;
  to: string;
  locationId?: number;
  format: 'csv' | 'jsonl';
}

/** One JSON object per line, each with its hashes: what an auditor verifies outside the product. */
const jsonLine = (event: StoredEvent) => `${canonicalJson(Object.fromEntries(EXPORT_FIELDS.map((f) => [f, event[f]])))}\n`;

function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? canonicalJson(value) : String(value);
  // A spreadsheet runs a cell that starts like a formula: shown as text instead (the JSON lines keep the exact value).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csvLine = (event: StoredEvent) => `${EXPORT_FIELDS.map((f) => csvCell(event[f])).join(',')}\r\n`;

/**
 * The events of the range, oldest first, as a stream (any length, bounded memory). With a
 * location, only the events at it or below it: the permits there, their plot plans, printers,
 * lists and settings of its site when it is the site's top.
 */
export async function exportEvents(db: Queryable, request: ExportRequest): Promise<Readable> {
  for (const [name, day] of [['from', request.from], ['to', request.to]] as const) {
    const time = Date.parse(`${day}T00:00:00Z`);
    // The database knows no year 0; no event is older than the product anyway.
    if (Number.isNaN(time) || time < EARLIEST || new Date(time).toISOString().slice(0, 10) !== day) throw badRequest(`${name} (${day}) is not a calendar day: give a date as YYYY-MM-DD, from 1900 on.`);
  }
  if (request.to < request.from) throw badRequest(`The range ends (${request.to}) before it starts (${request.from}): give from before to.`);
  let locations: number[] | null = null;
  if (request.locationId !== undefined) {
    const tree = await loadLocationTree(db);
    if (!tree.byId.has(request.locationId)) throw notFound(`There is no location with id ${request.locationId}.`);
    locations = descendantsAndSelf(tree, request.locationId);
  }
  const line = request.format === 'csv' ? csvLine : jsonLine;
  async function* lines() {
    if (request.format === 'csv') yield `${EXPORT_FIELDS.join(',')}\r\n`;
    let after = 0;
    for (;;) {
      const rows = await db.query<Record<string, unknown>>(
        `select ${EVENT_COLUMNS} from audit_log
          where at >= ($1::date)::timestamp at time zone 'UTC' and at < ($2::date + 1)::timestamp at time zone 'UTC' and id > $3 and ($4::int[] is null or location_id = any($4))
          order by id limit ${PAGE}`,
        [request.from, request.to, after, locations],
      );
      for (const row of rows) {
        const event = storedEvent(row);
        after = event.id;
        yield line(event);
      }
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
