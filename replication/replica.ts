/**
 * The shape of a user's replica (created in src/db, one per user on the device) as the
 * replication code sees it: the pulled collections, the outbox, and the small local documents
 * the sync state lives in.
 */
import { filter, map, Observable } from 'rxjs';
import type { CollectionsOfDatabase, DeepReadonly, RxCollection, RxDatabase } from 'rxdb';
import type {
  Draft,
  Handover,
  IsolationCertificate,
  OutboxEntry,
  PermitDefinition,
  PermitGasTests,
  PulledCollection,
  ReplicatedPermit,
  SiteDataDocument,
  Template,
  WorkOrder,
} from '../schemas';

/** The document type of each pulled collection. */
export interface PulledDocuments {
  permits: ReplicatedPermit;
  drafts: Draft;
  workorders: WorkOrder;
  templates: Template;
  definitions: PermitDefinition;
  sitedata: SiteDataDocument;
  isolations: IsolationCertificate;
  gastests: PermitGasTests;
  handovers: Handover;
}

export type ReplicaCollections = { [C in PulledCollection]: RxCollection<PulledDocuments[C]> } & {
  outbox: RxCollection<OutboxEntry>;
};

export type ReplicaDatabase = RxDatabase<ReplicaCollections>;

/**
 * Ids of the local documents (RxDB local documents: device-only, shared by every tab, never
 * replicated). The leader tab writes the sync state; every tab reads it.
 */
export const LOCAL_DOCS = {
  /** Per pulled collection: first-sync progress and last synced at. */
  collectionState: (collection: PulledCollection) => `sync-${collection}`,
  /** Whether the server wants a new sign-in before anything more is sent or pulled. */
  auth: 'sync-auth',
  /** Written by any tab to ask the leader for a pull of everything now. */
  pullRequest: 'sync-pull-request',
  /** Whether the leader's change stream is open, and since when (syncState.ts). */
  stream: 'sync-stream',
  /** Permits the user marked "available offline": the cleanup keeps them. */
  availableOffline: 'available-offline',
} as const;

/** The data of a local document (of a replica, or of the device's database), or null when it was never written. */
export async function readLocal<T, C extends CollectionsOfDatabase = ReplicaCollections>(db: RxDatabase<C>, id: string): Promise<DeepReadonly<T> | null> {
  const doc = await db.getLocal<T>(id);
  return doc ? doc.toJSON().data : null;
}

/**
 * The data of a local document as it changes (null until first written), in any tab. It looks
 * at the database's batches of local-document changes only, and takes the data from the change:
 * RxDB's getLocal$ runs two promises for every changed document of every collection, so each
 * subscriber (the header's status has eight) cost a first sync of 10,000 documents 20,000 promises.
 */
export function local$<T, C extends CollectionsOfDatabase = ReplicaCollections>(db: RxDatabase<C>, id: string): Observable<DeepReadonly<T> | null> {
  const changes$ = db.eventBulks$.pipe(
    // A database's own local documents have no collection name (a collection's have theirs).
    filter((bulk) => bulk.isLocal && !bulk.collectionName),
    map((bulk) => bulk.events.findLast((event) => event.documentId === id)),
    filter((event) => event !== undefined),
    map((event) => (event.operation === 'DELETE' ? null : (event.documentData as { data: DeepReadonly<T> }).data)),
  );
  return new Observable((subscriber) => {
    let changed = false;
    const subscription = changes$.subscribe({
      next: (data) => {
        changed = true;
        subscriber.next(data);
      },
      error: (error: unknown) => subscriber.error(error),
    });
    // What was stored before the subscription, unless a change already said what is newer.
    readLocal<T, C>(db, id).then(
      (data) => {
        if (!changed) subscriber.next(data);
      },
      (error: unknown) => subscriber.error(error),
    );
    return subscription;
  });
}

/**
 * A pulled collection whichever it is, for code that treats them alike (resync, tombstones):
 * TypeScript cannot call methods on a union of collections of different document types.
 */
export function anyPulledCollection(db: ReplicaDatabase, collection: PulledCollection): RxCollection<Record<string, unknown>> {
  return db[collection] as unknown as RxCollection<Record<string, unknown>>;
}
