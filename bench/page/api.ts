/**
 * What the bench pages offer the runner (bench/browser.ts calls them through page.evaluate),
 * and what the runner offers the pages. Times the runner compares with its own are epoch ms
 * (Date.now()): page and runner share the machine's clock.
 */
import type { PulledCollection } from '../../schemas';

export interface ReplicaSyncResult {
  /** Opening the RxDB database with its collections (not part of `ms`). */
  openMs: number;
  /** From startSync to every expected permit stored in IndexedDB. */
  ms: number;
  permits: number;
}

export interface BaselineResult {
  /** From the first request to the last page written. */
  ms: number;
  /** Of which waiting for the server and parsing (the rest is Dexie's bulkPut). */
  fetchMs: number;
  writeMs: number;
  permits: number;
  /** Size of the JSON pages as received. */
  bytes: number;
}

/** One collection's pull requests during a first sync, in ms since the sync started. */
export interface CollectionPulls {
  collection: string;
  requests: number;
  /** The first request sent, and the last response's end. */
  firstSent: number;
  lastReceived: number;
}

export interface WholeReplicaResult {
  /** From startSync until the status says every collection reached its end once. */
  ms: number;
  /** Each collection's requests (Resource Timing), in the order their first request went out. */
  pulls: CollectionPulls[];
}

export interface StorageUsage {
  /** navigator.storage.estimate().usage of the origin: the replica is all this page stores. */
  usage: number;
}

/** A permit the bench user may edit, and the sub-form its content is keyed by. */
export interface EditablePermit {
  id: string;
  form: string;
}

/** One content edit: sets `form.key` of the permit to `value`. */
export interface ContentEdit {
  id: string;
  form: string;
  key: string;
  value: string;
}

export interface DrainResult {
  /** When the user's outbox had no pending entry left (epoch ms). */
  at: number;
  refused: number;
}

/** replica.html: the app's replica. */
export interface ReplicaPage {
  /**
   * Opens a fresh replica (the app's schemas, Dexie storage) and runs the app's sync engine until
   * `expected` permits are stored, pulling `collections` (default: every one).
   */
  syncReplica(owner: string, expected: number, collections?: PulledCollection[]): Promise<ReplicaSyncResult>;
  /** Waits until every collection has been pulled to the end once; returns ms since the sync started. */
  allSynced(owner: string): Promise<WholeReplicaResult>;
  storageUsage(): Promise<StorageUsage>;
  /** Permits of the replica at `locationId` whose content is editable in their state. */
  editablePermits(locationId: number, count: number): Promise<EditablePermit[]>;
  /** Subscribes to the permit; resolves once subscribed. `watched` then gives when `edit` became visible. */
  watchEdit(edit: ContentEdit): Promise<void>;
  watched(): Promise<number>;
  /** Appends the edits to the outbox (the app's one write path); returns how long that took. */
  queueEdits(owner: string, edits: ContentEdit[]): Promise<number>;
  /** Subscribes to the sync status; resolves once subscribed. `drained` then gives when the queue emptied. */
  watchDrain(owner: string): Promise<void>;
  drained(): Promise<DrainResult>;
}

export interface NetworkPull {
  ms: number;
  /** Bytes on the wire (Resource Timing's transferSize: body as sent, and headers). */
  transferred: number;
  /** Characters of JSON the pages held once decoded. */
  json: number;
}

/** baseline.html: no RxDB (which bundles a Dexie of its own; two Dexies refuse to share a page). */
export interface BaselinePage {
  /** The same JSON pages fetched and bulk-written with Dexie directly, into a database of its own. */
  baseline(pageSize: number): Promise<BaselineResult>;
  /** The permit pages fetched over the (throttled) network, compressed or as plain JSON. */
  pullOverNetwork(pageSize: number, compressed: boolean): Promise<NetworkPull>;
}

/** What simops.html measured (issue 38), in ms, at whatever CPU rate the runner set. */
export interface SimopsBenchResult {
  permits: number;
  clashes: number;
  /** Each full recompute: the permits' facts made into works, then the index built and every clash found. */
  fullMs: number[];
  /** Each change of one permit (moved, or its window changed) and its clashes found again. */
  changeMs: number[];
  /** The baseline: every pair tested, once. */
  pairsMs: number;
}

/** simops.html: the clash function on a site's permits, nothing stored. */
export interface SimopsPage {
  measure(permits: number, runs: number, changes: number): SimopsBenchResult;
}

export const PAGES = { replica: 'replica.html', baseline: 'baseline.html', simops: 'simops.html' } as const;

declare global {
  interface Window {
    /** ReplicaPage or BaselinePage, whichever page this is. */
    bench: object;
    /** The bench user's bearer token, from the runner (it signs in again before expiry). */
    benchToken(): Promise<string>;
  }
}
