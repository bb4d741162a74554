import type { Checkpoint, ServedCollection, SyncPage } from '../../schemas';
import { batchedReads } from '../db/batchedReads';
import type { Database, Queryable } from '../db/database';
import { SharedStart } from '../http/sharedCompression';
import { loadLocationTree } from '../locations/locations';
import type { UserRecord } from '../users/users';
import { ownAndSiteSources } from './ownAndSite';
import { BEGINNING, parseCheckpoint, type After, type DocumentJson, type Source } from './page';
import { pullGasTests } from './gasTests';
import { pullHandovers } from './handovers';
import { pullIsolations } from './isolations';
import { pullDefinitions, pullPermits } from './permits';
import type { Moment, PagePlace, PullCache } from './pullCache';
import type { SyncScope } from './scope';
import { pullSiteData } from './sitedata';

const SOURCES: Record<ServedCollection, Source> = {
  permits: pullPermits,
  definitions: pullDefinitions,
  sitedata: pullSiteData,
  isolations: pullIsolations,
  gastests: pullGasTests,
  handovers: pullHandovers,
  ...ownAndSiteSources,
};

/**
 * A SyncPage whose documents are still the JSON text they are sent as: one JSON array, joined
 * once for every device a shared page is served to.
 */
export interface SyncPageJson extends Omit<SyncPage, 'documents'> {
  documents: string;
  /** A page served from the cache: the body's start (pageStart), compressed once for every device. */
  shared?: SharedStart;
}

/** The documents as they came from the database or the presenters, as one JSON array. */
export const documentsJson = (documents: DocumentJson[]): string => `[${documents.join(',')}]`;

/** The response body is the documents, the same for every device given the page, then this device's checkpoint. */
export const pageStart = (documents: string): string => `{"documents":${documents}`;
export const pageEnd = ({ checkpoint, remaining, resync }: SyncPageJson): string => `,"checkpoint":${JSON.stringify(checkpoint)},"remaining":${remaining},"resync":${resync}}`;

/** The response body. */
export const syncPageText = (page: SyncPageJson): string => pageStart(page.documents) + pageEnd(page);

const RESYNC: SyncPageJson = { documents: '[]', checkpoint: null, remaining: 0, resync: true };

/**
 * The clock as a pull reads it, with the checkpoint's timestamps normalised to the server's own
 * spelling (so they compare as text too) and the newest stamp of the locations, which tells
 * whether the location tree read before still holds. The two one-row tables are read as scalar
 * subqueries, not joined: sync_purge is written too seldom to be analyzed, so the planner takes
 * it (and a fresh sync_clock) for 2,200 rows, a join for millions, and JIT-compiled the query on
 * every pull (~8 ms of the database's CPU and 26 ms in all, against 0.2 ms).
 */
const clockOf = (date: string, since: string, from = '') => `select sync_text(c.last_stamp) as high_water, sync_text(c.horizon) as horizon,
                      (select sync_text(max(date_changed)) from locations) as locations,
                      sync_text(${date}::timestamptz) as date, sync_text(${since}::timestamptz) as since,
                      ${date}::timestamptz < c.horizon as expired
                 from (select (select last_stamp from sync_clock) as last_stamp, (select horizon from sync_purge) as horizon) c${from}`;
export const CLOCK = clockOf('$1', '$2');
/** CLOCK for many pulls in one statement, in their order: ($1[i], $2[i]) is the i-th pull's checkpoint. */
export const CLOCKS = clockOf('r.date', 'r.since', ', unnest($1::text[], $2::text[]) with ordinality as r(date, since, i) order by r.i');

/** The pulls' first clock reads, batched (db/batchedReads.ts): every change sends all devices to pull at once. */
const clockReads = new WeakMap<Database, (params: unknown[]) => Promise<Clock>>();
function readClock(db: Database, params: unknown[]): Promise<Clock> {
  let read = clockReads.get(db);
  if (!read) {
    read = batchedReads((batch: unknown[][]) => db.query<Clock>(CLOCKS, [batch.map((p) => p[0]), batch.map((p) => p[1])]));
    clockReads.set(db, read);
  }
  return read(params);
}

interface Clock extends Moment {
  locations: string | null;
  date: string | null;
  since: string | null;
  expired: boolean | null;
}

/**
 * What a collection's page is computed from, beyond the checkpoint and the limit. A page of
 * permits, isolations or definitions depends on the locations alone, so users who see the same
 * locations share it; any other collection's on the whole scope, the user included.
 */
const SHARED_BY: Partial<Record<ServedCollection, (scope: SyncScope) => unknown>> = {
  permits: (scope) => scope.viewable,
  isolations: (scope) => scope.viewable,
  gastests: (scope) => scope.viewable,
  definitions: (scope) => [scope.viewable, scope.served],
};

/**
 * The key of a page among all users' pulls. For the collections of SHARED_BY, the replica's
 * start (`since`) changes nothing once the checkpoint is past it — every tombstone after the
 * checkpoint is after the start too — so devices that started at different moments share.
 */
function pageKey(collection: ServedCollection, scope: SyncScope, at: After, limit: number): string {
  const byLocations = SHARED_BY[collection];
  const since = byLocations && at.date > at.since ? null : at.since;
  // The whole scope: its fingerprints are digests of the rest of it.
  return JSON.stringify([collection, byLocations ? byLocations(scope) : scope, since, at.date, at.id, limit]);
}

const afterOf = (checkpoint: Checkpoint | null, clock: Clock): After =>
  checkpoint ? { since: clock.since!, date: clock.date!, id: checkpoint.id } : { since: clock.high_water, date: BEGINNING, id: '' };

const answer = (page: PagePlace, documents: string, highWater: string, at: After, fingerprint: string, shared?: SharedStart): SyncPageJson => {
  const next = nextCheckpoint(page, highWater, at);
  return { documents, checkpoint: { ...next, scope: fingerprint, since: at.since }, remaining: page.remaining, resync: false, shared };
};

/**
 * GET /sync/{collection}: one page of the user's replica after the checkpoint (DESIGN.md §4.4).
 * A page is read in one repeatable-read snapshot, so the page, its count and the clock's
 * high-water mark agree with each other. When the clock shows that the same page was read
 * already (by any user who sees the same locations), that page is served instead.
 */
export async function pullPage(db: Database, cache: PullCache, user: UserRecord, collection: ServedCollection, rawCheckpoint: string | undefined, limit: number): Promise<SyncPageJson> {
  const checkpoint = parseCheckpoint(rawCheckpoint);
  const params = [checkpoint?.DateChanged ?? null, checkpoint?.since ?? null];
  const clock = await readClock(db, params);
  const tree = cache.tree(clock.locations);
  if (tree) {
    const shared = await sharedPull(db, cache, cache.scope(user, tree), collection, checkpoint, params, clock, limit);
    if (shared) return shared;
  }
  return db.transaction((tx) => pullAlone(tx, cache, user, collection, checkpoint, params, limit), 'snapshot');
}

/** The page through the cache, or null when the locations changed while it was read. */
async function sharedPull(db: Database, cache: PullCache, scope: SyncScope, collection: ServedCollection, checkpoint: Checkpoint | null, params: unknown[], clock: Clock, limit: number): Promise<SyncPageJson | null> {
  const fingerprint = scope.fingerprint[collection];
  if (checkpoint && (checkpoint.scope !== fingerprint || clock.expired)) return RESYNC;
  const at = afterOf(checkpoint, clock);
  const shared = await cache.page(pageKey(collection, scope, at, limit), clock, () =>
    db.transaction(async (tx) => {
      const [now] = await tx.query<Clock>(CLOCK, params);
      // Another tree, maybe another scope: this snapshot is not the one the key was made for.
      if (now!.locations !== clock.locations) return null;
      if (now!.expired) return { at: now!, result: { expired: true } };
      const page = await SOURCES[collection](tx, scope, at, limit);
      const documents = documentsJson(page.documents);
      return { at: now!, result: { expired: false, documents, start: new SharedStart(() => pageStart(documents)), last: page.last, remaining: page.remaining, highWater: now!.high_water } };
    }, 'snapshot'),
  );
  if (!shared) return null;
  return shared.expired ? RESYNC : answer(shared, shared.documents, shared.highWater, at, fingerprint, shared.start);
}

/** The page read for this request alone, the location tree with it. */
async function pullAlone(tx: Queryable, cache: PullCache, user: UserRecord, collection: ServedCollection, checkpoint: Checkpoint | null, params: unknown[], limit: number): Promise<SyncPageJson> {
  const [clock] = await tx.query<Clock>(CLOCK, params);
  let tree = cache.tree(clock!.locations);
  if (!tree) {
    tree = await loadLocationTree(tx);
    cache.keepTree(clock!.locations, tree);
  }
  const scope = cache.scope(user, tree);
  const fingerprint = scope.fingerprint[collection];
  if (checkpoint && (checkpoint.scope !== fingerprint || clock!.expired)) return RESYNC;
  const at = afterOf(checkpoint, clock!);
  const page = await SOURCES[collection](tx, scope, at, limit);
  return answer(page, documentsJson(page.documents), clock!.high_water, at, fingerprint);
}

/**
 * The checkpoint after a page: its last document's. When nothing is left, it moves up to the
 * clock's high-water mark of this snapshot — every transaction stamped up to there is visible
 * here, and any later one will be stamped after it — so a quiet collection's checkpoint stays
 * recent and is not mistaken for one older than the purge horizon.
 */
function nextCheckpoint(page: PagePlace, highWater: string, at: After): Pick<Checkpoint, 'DateChanged' | 'id'> {
  const fromLast = page.last ?? { DateChanged: at.date, id: at.id };
  if (page.remaining === 0 && fromLast.DateChanged < highWater) return { DateChanged: highWater, id: '' };
  return fromLast;
}
