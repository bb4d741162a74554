/**
 * Adding and deleting attachments, each one outbox entry (DESIGN.md §4.2). The file goes into
 * the entry itself, so it is in IndexedDB before anything is sent and survives reloads and
 * offline days; the queue sends it after the change that creates its permit.
 */
import { ATTACHMENT_PATH, deleteAttachmentPath, type AttachmentUpload } from '../../../replication/attachments';
import { appendToOutbox, newId } from '../../../replication/outbox';
import type { OutboxEntry } from '../../../schemas';
import type { Writer } from '../permits/permitWrites';

/** The file as base64, without the data-URL prefix. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** A stored file back as a Blob, to open it from the device. */
export function blobOf(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export async function addAttachment({ db, owner }: Writer, permitId: string, file: File): Promise<OutboxEntry> {
  const body: AttachmentUpload = {
    PermitInstanceId: permitId,
    PermitAttachmentId: newId(),
    FileName: file.name || 'photo.jpg',
    MimeType: file.type || 'application/octet-stream',
    Content: await readBase64(file),
  };
  return appendToOutbox(db, owner, { method: 'POST', path: ATTACHMENT_PATH, body, label: `Attach ${body.FileName} to a permit` });
}

export const deleteAttachment = ({ db, owner }: Writer, permitId: string, attachmentId: string, fileName: string) =>
  appendToOutbox(db, owner, { method: 'DELETE', path: deleteAttachmentPath(permitId, attachmentId), label: `Delete the attachment ${fileName}` });
