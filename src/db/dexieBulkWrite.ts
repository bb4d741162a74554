/**
 * RxDB's Dexie bulkWrite, storing each document as a flat copy (dexieDocuments.ts) rather than
 * RxDB's rebuild of every nested object. Everything else — the conflict check, the change
 * events, the transaction — is RxDB's.
 */
import {
  categorizeBulkWriteRows,
  type BulkWriteRow,
  type DexieStorageInternals,
  type EventBulk,
  type RxDocumentData,
  type RxStorageInstance,
} from 'rxdb';
import { getDocsInDb } from 'rxdb/plugins/storage-dexie';
import { hasNestedBooleanIndex, toDexie } from './dexieDocuments';

// RxDB's storages differ in their internal types; any document type will do here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Instance = RxStorageInstance<any, DexieStorageInternals, any>;
type Doc = RxDocumentData<Record<string, unknown>>;
type Write = Instance['bulkWrite'];

/** The fields of RxStorageInstanceDexie this needs that its type keeps private or leaves out. */
interface DexieInstance {
  primaryPath: string;
  devMode: boolean;
  closed?: Promise<void>;
  changes$: { next(bulk: EventBulk<unknown, unknown>): void };
}

/** Wraps `instance.bulkWrite`; dev mode, attachments and nested boolean indexes keep RxDB's own. */
export function flatBulkWrite(instance: Instance, rxdbWrite: Write): Write {
  const dexie = instance as unknown as DexieInstance;
  return async (rows: BulkWriteRow<Doc>[], context) => {
    const state = await instance.internals;
    if (dexie.devMode || dexie.closed || instance.schema.attachments || hasNestedBooleanIndex(state.booleanIndexes)) return rxdbWrite(rows, context);
    const primaryPath = dexie.primaryPath;
    const keys = rows.map((row) => row.document[primaryPath] as string);
    let categorized!: ReturnType<typeof categorizeBulkWriteRows<Doc>>;
    await state.dexieDb.transaction('rw', state.dexieTable, async () => {
      const stored = new Map<string, Doc>();
      for (const doc of (await getDocsInDb(instance.internals, keys)) as (Doc | undefined)[]) if (doc) stored.set(doc[primaryPath] as string, doc);
      categorized = categorizeBulkWriteRows<Doc>(instance, primaryPath as never, stored, rows, context);
      const puts = [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map((row) => toDexie(state.booleanIndexes, row.document));
      if (puts.length > 0) await state.dexieTable.bulkPut(puts);
    });
    if (categorized.eventBulk.events.length > 0 && categorized.newestRow) {
      const newest = categorized.newestRow.document;
      categorized.eventBulk.checkpoint = { id: newest[primaryPath], lwt: newest._meta.lwt };
      dexie.changes$.next(categorized.eventBulk);
    }
    return { error: categorized.errors };
  };
}
