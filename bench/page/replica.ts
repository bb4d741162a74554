/**
 * The replica side of the bench page: the app's database (src/db), the app's sync engine and
 * outbox (replication/), on the storage the app uses in the browser (Dexie on IndexedDB).
 * One replica per page, like the app.
 */
import { filter, firstValueFrom, type Subscription } from 'rxjs';
import * as Y from 'yjs';
import { applyJsonToDoc, docFromState, docToJson, fromBase64 } from '../../domain/permits/yContent';
import type { ReplicaDatabase } from '../../replication/replica';
import type { PulledCollection } from '../../schemas';
import { startSync } from '../../replication/sync';
import { syncStatus$ } from '../../replication/syncStatus';
import { createReplicaDatabase } from '../../src/db/database';
import { getDexieStorage } from '../../src/db/dexieStorage';
import { patchContent } from '../../src/features/permits/permitWrites';
import type { CollectionPulls, ContentEdit, DrainResult, EditablePermit, ReplicaSyncResult, WholeReplicaResult } from './api';

/** States in which every content field is editable (SPEC §4), so a bench edit is never refused. */
const EDITABLE_STATES = ['DRAFT', 'PRE-APPROVAL', 'PENDING'];

let db: ReplicaDatabase | null = null;
let syncStarted = 0;

function replica(): ReplicaDatabase {
  if (!db) throw new Error('The replica is not open: call syncReplica first.');
  return db;
}

export async function syncReplica(owner: string, expected: number, collections?: PulledCollection[]): Promise<ReplicaSyncResult> {
  if (db) throw new Error('This page has a replica already: use a fresh page.');
  const opening = performance.now();
  // As src/db/index.ts opens it in a production build: the app's storage, shared by tabs, so with leader election.
  db = await createReplicaDatabase({ storage: getDexieStorage(), name: 'openpermit', multiInstance: true });
  const started = (syncStarted = performance.now());
  // The dashboard's count query: it emits after each write that reached IndexedDB.
  const stored = firstValueFrom(db.permits.count().$.pipe(filter((n) => n >= expected)));
  startSync({ db, owner, collections });
  const permits = await stored;
  return { openMs: started - opening, ms: performance.now() - started, permits };
}

export async function allSynced(owner: string): Promise<WholeReplicaResult> {
  await firstValueFrom(syncStatus$(replica(), owner).pipe(filter((status) => status.firstSyncDone)));
  return { ms: performance.now() - syncStarted, pulls: pullTimeline() };
}

/** Where the whole replica's time went: each collection's pull requests, from Resource Timing. */
function pullTimeline(): CollectionPulls[] {
  const pulls = new Map<string, CollectionPulls>();
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const collection = /\/api\/sync\/(\w+)\?/.exec(entry.name)?.[1];
    if (!collection || entry.startTime < syncStarted) continue;
    const sent = entry.startTime - syncStarted;
    const received = entry.responseEnd - syncStarted;
    const before = pulls.get(collection);
    pulls.set(collection, {
      collection,
      requests: (before?.requests ?? 0) + 1,
      firstSent: Math.min(before?.firstSent ?? sent, sent),
      lastReceived: Math.max(before?.lastReceived ?? received, received),
    });
  }
  return [...pulls.values()].sort((a, b) => a.firstSent - b.firstSent);
}

export async function editablePermits(locationId: number, count: number): Promise<EditablePermit[]> {
  const docs = await replica().permits.find({ selector: { LocationId: locationId, State: { $in: EDITABLE_STATES } } }).exec();
  return docs.slice(0, count).map((doc) => ({ id: doc.PermitInstanceId, form: Object.keys(doc.ContentJSON)[0] ?? 'Permit' }));
}

let watching: Promise<number> | null = null;

/** Resolves once the permit's query has emitted (so it is subscribed); `watched` resolves when the edit shows. */
export function watchEdit(edit: ContentEdit): Promise<void> {
  return new Promise<void>((subscribed) => {
    watching = new Promise<number>((visible) => {
      let subscription: Subscription | null = null;
      let done = false;
      subscription = replica()
        .permits.findOne(edit.id)
        .$.subscribe((doc) => {
          subscribed();
          const content = doc?.ContentJSON as Record<string, Record<string, unknown> | undefined> | undefined;
          if (done || content?.[edit.form]?.[edit.key] !== edit.value) return;
          done = true;
          visible(Date.now());
          subscription?.unsubscribe();
        });
      if (done) subscription.unsubscribe();
    });
  });
}

export function watched(): Promise<number> {
  if (!watching) throw new Error('Nothing is watched: call watchEdit first.');
  return watching;
}

/**
 * Appends each edit as the permit's edit page does (usePermitDoc): the change applied to the
 * permit's Yjs document, the update since the last one sent queued as a PATCH /permitcontent.
 */
export async function queueEdits(owner: string, edits: ContentEdit[]): Promise<number> {
  const started = performance.now();
  const docs = new Map<string, Y.Doc>();
  for (const edit of edits) {
    let doc = docs.get(edit.id);
    if (!doc) {
      const permit = await replica().permits.findOne(edit.id).exec();
      if (!permit) throw new Error(`Permit ${edit.id} is not in the replica.`);
      doc = docFromState(fromBase64(permit.ContentState), permit.ContentJSON);
      docs.set(edit.id, doc);
    }
    const before = Y.encodeStateVector(doc);
    const content = docToJson(doc);
    applyJsonToDoc(doc, { ...content, [edit.form]: { ...(content[edit.form] as object | undefined), [edit.key]: edit.value } });
    await patchContent({ db: replica(), owner }, edit.id, Y.encodeStateAsUpdate(doc, before), docToJson(doc));
  }
  return performance.now() - started;
}

let draining: Promise<DrainResult> | null = null;

/** Follows the header's status (pending count) until the user's queue is empty. */
export async function watchDrain(owner: string): Promise<void> {
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const status$ = syncStatus$(replica(), owner);
  draining = firstValueFrom(
    status$.pipe(
      filter((status) => {
        subscribed();
        return status.pendingCount === 0;
      }),
    ),
  ).then((status) => ({ at: Date.now(), refused: status.refusedCount }));
  await ready;
}

export function drained(): Promise<DrainResult> {
  if (!draining) throw new Error('No drain is watched: call watchDrain first.');
  return draining;
}
