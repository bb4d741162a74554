/**
 * Attachments of a permit (SPEC §7). The list the server last gave is kept on the device (a
 * local document per permit), so a permit's files are still listed offline; files added on the
 * device travel in the outbox with their content until the server has them.
 */
import { combineLatest, map, type Observable } from 'rxjs';
import type { OutboxEntry, PermitAttachment, PermitAttachmentList } from '../schemas';
import { api } from './http';
import { entriesOfStatus$ } from './outbox';
import { local$, type ReplicaDatabase } from './replica';

const cacheId = (permitId: string) => `attachments-${permitId}`;
const query = (permitId: string, attachmentId: string) =>
  new URLSearchParams({ PermitInstanceId: permitId, PermitAttachmentId: attachmentId }).toString();

/** Path of the add request; the queue's entries are found by it. */
export const ATTACHMENT_PATH = '/permitattachment';
export const deleteAttachmentPath = (permitId: string, attachmentId: string) => `${ATTACHMENT_PATH}?${query(permitId, attachmentId)}`;

/** The body of POST /permitattachment: the record and the file, base64. */
export interface AttachmentUpload {
  PermitInstanceId: string;
  PermitAttachmentId: string;
  FileName: string;
  MimeType: string;
  Content: string;
}

/** Asks the server for the permit's list and keeps it on the device. */
export async function refreshAttachments(db: ReplicaDatabase, permitId: string): Promise<PermitAttachment[]> {
  const { PermitAttachmentList } = await api<PermitAttachmentList>('GET', `${ATTACHMENT_PATH}?${new URLSearchParams({ PermitInstanceId: permitId }).toString()}`);
  await db.upsertLocal(cacheId(permitId), { list: PermitAttachmentList });
  return PermitAttachmentList;
}

/** A short-lived link the server signs after checking the user may view the permit. */
export const attachmentUrl = (permitId: string, attachmentId: string) => api<{ Url: string }>('GET', `${ATTACHMENT_PATH}/url?${query(permitId, attachmentId)}`);

/** One row of the attachments list: the server's record or the device's queued one, with where it stands. */
export interface AttachmentRow {
  attachment: PermitAttachment;
  /** synced: on the server; pending: waiting in the outbox; refused: the server said no (Not synced). */
  status: 'synced' | 'pending' | 'refused';
  /** The file itself while the device holds it (base64). */
  content?: string;
  refusal?: string;
}

const uploadOf = (entry: OutboxEntry): AttachmentUpload | null => (entry.method === 'POST' && entry.path === ATTACHMENT_PATH ? (entry.body as AttachmentUpload) : null);

/** The attachment a queued DELETE removes. */
function deletedBy(entry: OutboxEntry, permitId: string): string | null {
  if (entry.method !== 'DELETE' || !entry.path.startsWith(`${ATTACHMENT_PATH}?`)) return null;
  const params = new URLSearchParams(entry.path.slice(ATTACHMENT_PATH.length + 1));
  return params.get('PermitInstanceId') === permitId ? params.get('PermitAttachmentId') : null;
}

/**
 * The permit's attachments as the user should see them: the server's list, the files queued on
 * this device (pending, or refused and still openable), less those a queued delete removes.
 */
export function attachmentRows$(db: ReplicaDatabase, owner: string, permitId: string, userName: string): Observable<AttachmentRow[]> {
  return combineLatest([local$<{ list: PermitAttachment[] }>(db, cacheId(permitId)), entriesOfStatus$(db, owner, ['pending', 'done', 'refused'])]).pipe(
    map(([cached, entries]) => {
      const rows = new Map<string, AttachmentRow>();
      for (const attachment of cached?.list ?? []) rows.set(attachment.PermitAttachmentId, { attachment: { ...attachment }, status: 'synced' });
      const deleted = new Set<string>();
      for (const entry of entries) {
        const upload = uploadOf(entry);
        if (upload?.PermitInstanceId === permitId && !rows.has(upload.PermitAttachmentId)) {
          rows.set(upload.PermitAttachmentId, {
            attachment: {
              PermitAttachmentId: upload.PermitAttachmentId, PermitInstanceId: permitId, FileName: upload.FileName, MimeType: upload.MimeType,
              AttachmentKey: '', Size: Math.floor((upload.Content.length * 3) / 4), CreatedBy: userName, CreatedOn: entry.createdAt,
              isOfflineSaved: entry.status !== 'done',
            },
            status: entry.status === 'done' ? 'synced' : entry.status,
            content: upload.Content,
            refusal: entry.lastError ?? undefined,
          });
        }
        const removed = entry.status === 'refused' ? null : deletedBy(entry, permitId);
        if (removed) deleted.add(removed);
      }
      return [...rows.values()].filter((r) => !deleted.has(r.attachment.PermitAttachmentId)).sort((a, b) => a.attachment.CreatedOn.localeCompare(b.attachment.CreatedOn));
    }),
  );
}
