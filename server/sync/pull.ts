import type { Checkpoint, PulledCollection, SyncPage } from '../../schemas';
import type { Database } from '../db/database';
import type { UserRecord } from '../users/users';
import { ownAndSiteSources } from './ownAndSite';
import { BEGINNING, parseCheckpoint, type After, type DocumentJson, type Source, type SourcePage } from './page';
import { pullApprovals, pullDefinitions, pullPermits } from './permits';
import { loadScope } from './scope';
import { pullSiteData } from './sitedata';

const SOURCES: Record<PulledCollection, Source> = {
  permits: pullPermits,
  approvals: pullApprovals,
  definitions: pullDefinitions,
  sitedata: pullSiteData,
  ...ownAndSiteSources,
};

/** A SyncPage whose documents are still the JSON text they are sent as. */
export interface SyncPageJson extends Omit<SyncPage, 'documents'> {
  documents: DocumentJson[];
}

/** The response body: the documents go out as they came from the database or the presenters. */
export const syncPageText = ({ documents, checkpoint, remaining, resync }: SyncPageJson): string =>
  `{"documents":[${documents.join(',')}],"checkpoint":${JSON.stringify(checkpoint)},"remaining":${remaining},"resync":${resync}}`;

const RESYNC: SyncPageJson = { documents: [], checkpoint: null, remaining: 0, resync: true };

/**
 * GET /sync/{collection}: one page of the user's replica after the checkpoint (DESIGN.md §4.4).
 * Everything is read in one repeatable-read snapshot, so the page, its count and the clock's
 * high-water mark agree with each other.
 */
export async function pullPage(db: Database, user: UserRecord, collection: PulledCollection, rawCheckpoint: string | undefined, limit: number): Promise<SyncPageJson> {
  const checkpoint = parseCheckpoint(rawCheckpoint);
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const scope = await loadScope(tx, user);
    const fingerprint = scope.fingerprint[collection];
    // The client's timestamps are normalised to the server's own spelling, so they compare as text too.
    const [clock] = await tx.query<{ high_water: string; date: string | null; since: string | null; expired: boolean | null }>(
      `select sync_text(c.last_stamp) as high_water, sync_text($1::timestamptz) as date, sync_text($2::timestamptz) as since,
              $1::timestamptz < p.horizon as expired
         from sync_clock c, sync_purge p`,
      [checkpoint?.DateChanged ?? null, checkpoint?.since ?? null],
    );
    if (checkpoint && (checkpoint.scope !== fingerprint || clock!.expired)) return RESYNC;
    const at: After = checkpoint
      ? { since: clock!.since!, date: clock!.date!, id: checkpoint.id }
      : { since: clock!.high_water, date: BEGINNING, id: '' };
    const page = await SOURCES[collection](tx, scope, at, limit);
    const next = nextCheckpoint(page, clock!.high_water, at);
    return { documents: page.documents, checkpoint: { ...next, scope: fingerprint, since: at.since }, remaining: page.remaining, resync: false };
  });
}

/**
 * The checkpoint after a page: its last document's. When nothing is left, it moves up to the
 * clock's high-water mark of this snapshot — every transaction stamped up to there is visible
 * here, and any later one will be stamped after it — so a quiet collection's checkpoint stays
 * recent and is not mistaken for one older than the purge horizon.
 */
function nextCheckpoint(page: SourcePage, highWater: string, at: After): Pick<Checkpoint, 'DateChanged' | 'id'> {
  const fromLast = page.last ?? { DateChanged: at.date, id: at.id };
  if (page.remaining === 0 && fromLast.DateChanged < highWater) return { DateChanged: highWater, id: '' };
  return fromLast;
}
