import type { LocationTree } from '../../domain/locations';
import type { SharedStart } from '../http/sharedCompression';
import { granteeOf, preferencesOf, todayUtc, type UserRecord } from '../users/users';
import { scopeOf, type SyncScope } from './scope';
import type { SourcePage } from './page';

/**
 * What a page was computed from besides its request: the sync clock's high-water mark and the
 * purge horizon of the snapshot. Every replicated write takes a stamp from the clock, so two
 * moments with the same high-water mark and horizon hold the same replicated rows (003_sync.sql).
 */
export interface Moment {
  high_water: string;
  horizon: string;
}

/** Where a page ends: its last document, and how many are left after it. */
export type PagePlace = Pick<SourcePage, 'last' | 'remaining'>;

/**
 * A page as any of the users whose pull has the same key would receive it: its documents as one
 * JSON array, and the answer's start with them, compressed once for all (`start`).
 */
export type SharedPage = { expired: true } | ({ expired: false; documents: string; start: SharedStart; highWater: string } & PagePlace);

interface Stored {
  at: Moment;
  result: SharedPage;
  storedAt: number;
}

/**
 * Pages by clock mark are exact, but scopes also slide with the date (15 days of closed
 * permits, a day's work orders): an old page is not served, so that drift stays seconds long.
 */
const FRESH_MS = 10_000;
const MAX_PAGES = 500;
/** Scopes kept for the tree kept: a few kilobytes each. */
const MAX_SCOPES = 2000;
/** The JSON text held, in characters, and its compressed copies, in bytes: a page of 1,000 permits is ~2 million characters. */
const MAX_BYTES = 64 * 1024 * 1024;

/** What a page holds: its compressed copies come after it is stored, as devices ask for them. */
const sizeOf = (page: SharedPage) => (page.expired ? 0 : page.documents.length + page.start.keptBytes);

const sameMoment = (a: Moment, b: Moment) => a.high_water === b.high_water && a.horizon === b.horizon;

/**
 * One server's memory of pulls (DESIGN.md §4.4). After an edit, every device that sees it is
 * told and pulls at once, most of them with the same checkpoint: the page is read from the
 * database once and served to all of them — to those asking while it is read, and to those
 * asking later at the same clock mark. Keyed by the clock read by each request, never by
 * change notifications, so a write made through another server instance is never missed.
 */
export function createPullCache() {
  let tree: { version: string | null; tree: LocationTree; scopes: Map<string, SyncScope> } | null = null;
  const pages = new Map<string, Stored>();
  const reading = new Map<string, Promise<SharedPage | null>>();
  /** The newest high-water mark a request read: the clock never goes back, so pages of older marks are never served again. */
  let newest = '';

  const store = (key: string, at: Moment, result: SharedPage) => {
    if (sizeOf(result) > MAX_BYTES) return;
    pages.delete(key);
    pages.set(key, { at, result, storedAt: performance.now() });
    // Summed afresh: the pages' compressed copies grow after they are stored. A few hundred pages at most.
    let bytes = 0;
    for (const { result } of pages.values()) bytes += sizeOf(result);
    // A Map iterates in insertion order: the first entries are the oldest.
    for (const [oldest, { result }] of pages) {
      if (pages.size <= MAX_PAGES && bytes <= MAX_BYTES) break;
      bytes -= sizeOf(result);
      pages.delete(oldest);
    }
  };

  return {
    /** The location tree last read, if the locations are still as they were then (`version`: their newest stamp). */
    tree(version: string | null): LocationTree | null {
      return tree && tree.version === version ? tree.tree : null;
    },
    keepTree(version: string | null, value: LocationTree): void {
      tree = { version, tree: value, scopes: new Map() };
    },

    /**
     * The user's scope over `over`, computed once for the tree kept (every device pulls on each
     * change: the grants, the home location and the day decide it, and each pull read them anew).
     */
    scope(user: UserRecord, over: LocationTree, now = new Date()): SyncScope {
      if (over !== tree?.tree) return scopeOf(user, over, now);
      const scopes = tree.scopes;
      const key = JSON.stringify([user.personnel_id, granteeOf(user), preferencesOf(user).HomeLocationId, todayUtc(now)]);
      let scope = scopes.get(key);
      if (!scope) {
        scope = scopeOf(user, over, now);
        scopes.set(key, scope);
        // A Map iterates in insertion order: the first entry is the oldest.
        if (scopes.size > MAX_SCOPES) scopes.delete(scopes.keys().next().value!);
      }
      return scope;
    },

    /**
     * The page for `key` at the moment `now` (the clock as this request read it). `read` takes
     * a snapshot no older than `now` and answers with the moment it saw, or null when the page
     * cannot be shared (then nothing is kept). A request joining one under way gets a page
     * from a snapshot at least as recent as its own reading of the clock.
     */
    async page(key: string, now: Moment, read: () => Promise<{ at: Moment; result: SharedPage } | null>): Promise<SharedPage | null> {
      if (now.high_water > newest) {
        newest = now.high_water;
        for (const [old, { at }] of pages) if (at.high_water < newest) pages.delete(old);
      }
      const stored = pages.get(key);
      if (stored && sameMoment(stored.at, now) && performance.now() - stored.storedAt < FRESH_MS) return stored.result;
      const flight = `${key}|${now.high_water}|${now.horizon}`;
      let pending = reading.get(flight);
      if (!pending) {
        pending = read()
          .then((read) => {
            if (!read) return null;
            const current = pages.get(key);
            // A slower read of an older moment must not replace a newer page.
            if (read.at.high_water >= newest && (!current || current.at.high_water <= read.at.high_water)) store(key, read.at, read.result);
            return read.result;
          })
          .finally(() => reading.delete(flight));
        reading.set(flight, pending);
      }
      return pending;
    },
  };
}

export type PullCache = ReturnType<typeof createPullCache>;
