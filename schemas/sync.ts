import Type from 'typebox';
import { Timestamp } from './permit';

/** The collections the replica pulls (DESIGN.md §4.7); the outbox is local only. */
export const PULLED_COLLECTIONS = ['permits', 'drafts', 'workorders', 'templates', 'definitions', 'sitedata', 'isolations', 'gastests', 'handovers'] as const;
export type PulledCollection = (typeof PULLED_COLLECTIONS)[number];
export const PulledCollectionSchema = Type.Union(PULLED_COLLECTIONS.map((c) => Type.Literal(c)) as [ReturnType<typeof Type.Literal<PulledCollection>>]);

/** The collections the server serves: the replica's. */
export const SERVED_COLLECTIONS = PULLED_COLLECTIONS;
export type ServedCollection = (typeof SERVED_COLLECTIONS)[number];
export const ServedCollectionSchema = Type.Union(SERVED_COLLECTIONS.map((c) => Type.Literal(c)) as [ReturnType<typeof Type.Literal<ServedCollection>>]);

/** The primary key of each pulled collection's documents; a checkpoint's `id` is its value. */
export const SYNC_PRIMARY_KEYS = {
  permits: 'PermitInstanceId',
  drafts: 'PermitInstanceId',
  workorders: 'workOrderNumber',
  templates: 'PermitTemplateId',
  definitions: 'PermitDefinitionId',
  sitedata: 'id',
  isolations: 'IsolationCertificateId',
  gastests: 'PermitInstanceId',
  handovers: 'HandoverId',
} as const satisfies Record<PulledCollection, string>;

/**
 * Where a pull stopped: the last document's commit-ordered DateChanged and id (DESIGN.md §4.5),
 * and the fingerprint of the user's scope it was taken in. Send it back as it came.
 */
export const Checkpoint = Type.Object({
  DateChanged: Timestamp,
  id: Type.String({ maxLength: 200 }),
  /** Changes when what the user may see changes (home location, grants): then the pull answers resync. */
  scope: Type.String({ maxLength: 64 }),
  /** When this replica started from scratch: tombstones older than that are of documents it never had. Always sent. */
  since: Type.Optional(Timestamp),
});
export type Checkpoint = Type.Static<typeof Checkpoint>;

export const isPulledCollection = (name: string): name is PulledCollection => (PULLED_COLLECTIONS as readonly string[]).includes(name);
export const isServedCollection = (name: string): name is ServedCollection => (SERVED_COLLECTIONS as readonly string[]).includes(name);

/** An unknown collection is a 404 with the list of known ones, not a schema error. */
export const SyncParams = Type.Object({ collection: Type.String({ maxLength: 40 }) });

export const SYNC_DEFAULT_LIMIT = 200;
/** The most documents a page holds; a larger `limit` is clamped to it, not refused (a refused pull would stop the replica). */
export const SYNC_MAX_LIMIT = 1000;

export const SyncQuery = Type.Object({
  /** The checkpoint of the previous page, as JSON; absent for a pull from scratch. */
  checkpoint: Type.Optional(Type.String({ maxLength: 400 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, default: SYNC_DEFAULT_LIMIT })),
});

/** GET /sync/stream takes no query: anything sent is refused rather than ignored. */
export const SyncStreamQuery = Type.Object({}, { additionalProperties: false });

/** What a deleted document, or one that left the user's scope, arrives as: its id and nothing else of it. */
export type Tombstone = Record<string, string | boolean> & { DateChanged: string; _deleted: true };

/**
 * One page of a pull: documents strictly after the checkpoint in (DateChanged, id) order, each
 * with `_deleted` (true for tombstones: deleted, or out of the user's scope). A replica pulled
 * from scratch gets no tombstones of what was gone before it started. `resync: true` (with no documents and a null checkpoint)
 * means the checkpoint can no longer be continued — tombstones after it were purged, or the
 * user's scope changed: drop the collection's replica and pull again from scratch.
 */
export const SyncPage = Type.Object({
  documents: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  checkpoint: Type.Union([Checkpoint, Type.Null()]),
  /** Documents left after this page, for first-sync progress. */
  remaining: Type.Integer(),
  resync: Type.Boolean(),
});
export type SyncPage = Type.Static<typeof SyncPage>;

/** The kinds of documents in the sitedata collection. */
export const SITE_DATA_TYPES = ['location', 'locationmetadata', 'printer', 'setting', 'preferences', 'list'] as const;
export type SiteDataType = (typeof SITE_DATA_TYPES)[number];

/**
 * A sitedata document: `location:111`, `locationmetadata:111` (the metadata in force there,
 * inherited from the nearest ancestor that has one), `printer:3`, `setting:outagebanner`,
 * `preferences` (the signed-in user's own), `list:1:Companies` (a site's list, SiteList). `data`
 * is the shape the matching API returns.
 */
export const SiteDataDocument = Type.Object({
  id: Type.String({ maxLength: 100 }),
  type: Type.Union(SITE_DATA_TYPES.map((t) => Type.Literal(t)) as [ReturnType<typeof Type.Literal<SiteDataType>>]),
  data: Type.Unknown(),
  DateChanged: Timestamp,
});
export type SiteDataDocument = Type.Static<typeof SiteDataDocument>;

/** The data of an SSE `change` event of GET /sync/stream: which collections to pull now. */
export const SyncChangeEvent = Type.Object({ collections: Type.Array(ServedCollectionSchema) });
export type SyncChangeEvent = Type.Static<typeof SyncChangeEvent>;
