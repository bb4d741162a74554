import type { Checkpoint } from '../../schemas';
import type { Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import type { SyncScope } from './scope';

/** A timestamp as the server sends it; clients may drop trailing fraction digits. */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const BAD_CHECKPOINT = 'The checkpoint is not one this server gave: send back the checkpoint of the previous page as it came, or none to pull from scratch.';

/** The checkpoint query parameter (JSON); a malformed one is refused rather than silently restarted. */
export function parseCheckpoint(raw: string | undefined): Checkpoint | null {
  if (raw === undefined || raw === '' || raw === 'null') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(BAD_CHECKPOINT);
  }
  if (value === null) return null;
  const { DateChanged, id, scope, since } = (typeof value === 'object' ? value : {}) as Record<string, unknown>;
  if (typeof DateChanged !== 'string' || !STAMP.test(DateChanged) || typeof id !== 'string') throw badRequest(BAD_CHECKPOINT);
  // Without a scope it cannot be trusted and resyncs; without `since`, every later tombstone is sent.
  return { DateChanged, id, scope: typeof scope === 'string' ? scope : '', since: typeof since === 'string' && STAMP.test(since) ? since : DateChanged };
}

/**
 * Where a source continues from: after (date, id). Tombstones are sent only when stamped after
 * `since`, when the replica started from scratch: earlier ones are of documents it never had.
 */
export interface After {
  since: string;
  date: string;
  id: string;
}

/** Before every DateChanged, as a timestamp and as text: where a pull from scratch starts. */
export const BEGINNING = '0001-01-01T00:00:00.000000Z';

/** A page query's rows: the document's key and stamp, live or tombstone, and the match count before LIMIT. */
export interface PageRow {
  doc_id: string;
  doc_date: string;
  live: boolean;
  total: number | string;
}

/** A document of a page as the JSON text it is sent as: pages are written out, never parsed again. */
export type DocumentJson = string;

export interface SourcePage {
  documents: DocumentJson[];
  /** The last document's DateChanged and key: where the next page starts. */
  last: { DateChanged: string; id: string } | null;
  remaining: number;
}

/** What each collection's source does: one page of its documents in the user's scope. */
export type Source = (tx: Queryable, scope: SyncScope, after: After, limit: number) => Promise<SourcePage>;

export const liveJson = (document: object): DocumentJson => JSON.stringify({ ...document, _deleted: false });

/** A document that left the user's sight must not carry any of its content with it: its id and stamp alone. */
export const tombstoneJson = (primaryKey: string, id: string, DateChanged: string): DocumentJson =>
  JSON.stringify({ [primaryKey]: id, DateChanged, _deleted: true });

/** Shapes a page: live rows through the presenter, tombstones as their id alone. */
export function toPage<R extends PageRow>(rows: R[], primaryKey: string, present: (row: R) => object): SourcePage {
  return pageOf(rows, primaryKey, (row) => liveJson(present(row)));
}

/** A page whose live rows carry their document as JSON text built by the database (`document`, with `_deleted`). */
export function toJsonPage<R extends PageRow & { document: DocumentJson }>(rows: R[], primaryKey: string): SourcePage {
  return pageOf(rows, primaryKey, (row) => row.document);
}

function pageOf<R extends PageRow>(rows: R[], primaryKey: string, live: (row: R) => DocumentJson): SourcePage {
  const last = rows.at(-1);
  return {
    documents: rows.map((row) => (row.live ? live(row) : tombstoneJson(primaryKey, row.doc_id, row.doc_date))),
    last: last ? { DateChanged: last.doc_date, id: last.doc_id } : null,
    remaining: rows.length > 0 ? Number(rows[0]!.total) - rows.length : 0,
  };
}

/** Bytes from either driver (Buffer from pg, Uint8Array from PGlite) as base64. */
export const base64 = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString('base64') : '');
