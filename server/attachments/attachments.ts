import type { CreateAttachmentBody, PermitAttachment } from '../../schemas';
import { audit } from '../audit/record';
import type { Database, Queryable } from '../db/database';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { authorize, permitContext, type PermitContext } from '../permits/context';
import type { ObjectStore } from '../storage/objectStore';
import type { UserRecord } from '../users/users';
import { signObjectUrl } from './signedUrl';
import { sniffAttachment } from './sniff';

interface AttachmentRow {
  permit_attachment_id: string;
  permit_instance_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  object_key: string;
  created_by: number;
  created_by_name: string;
  created_on: string;
}

const COLUMNS = `permit_attachment_id, permit_instance_id, file_name, mime_type, size_bytes, object_key, created_by, created_by_name,
  to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_on`;

const present = (r: AttachmentRow): PermitAttachment => ({
  PermitAttachmentId: r.permit_attachment_id,
  PermitInstanceId: r.permit_instance_id,
  MimeType: r.mime_type,
  FileName: r.file_name,
  AttachmentKey: r.object_key,
  Size: r.size_bytes,
  CreatedBy: r.created_by_name,
  CreatedOn: r.created_on,
  isOfflineSaved: false,
});

/** The permit with the user's standing; refuses who may not view it, and for changes who may not edit there (SPEC §6). */
async function permitFor(db: Queryable, user: UserRecord, permitId: string, need: 'view' | 'edit'): Promise<PermitContext> {
  const context = await permitContext(db, user, permitId, false);
  authorize(context, 'view');
  if (need === 'edit' && !context.actor.edit) throw forbidden(`You do not have permission to add or delete attachments at ${context.locationTitle}.`);
  return context;
}

/** The permit's attachments, oldest first. */
export async function loadAttachments(db: Queryable, permitId: string): Promise<PermitAttachment[]> {
  const rows = await db.query<AttachmentRow>(`select ${COLUMNS} from permit_attachments where permit_instance_id = $1 and not deleted order by created_on, permit_attachment_id`, [permitId]);
  return rows.map(present);
}

/** GET /permitattachment. */
export async function listAttachments(db: Database, user: UserRecord, permitId: string): Promise<PermitAttachment[]> {
  await permitFor(db, user, permitId, 'view');
  return loadAttachments(db, permitId);
}

/**
 * POST /permitattachment: checks the file by its content, stores it, then records it. A resend
 * of the same id (the outbox after a lost answer) finds the record and stores nothing twice.
 */
export async function addAttachment(db: Database, objects: ObjectStore, user: UserRecord, body: CreateAttachmentBody): Promise<{ created: boolean; attachment: PermitAttachment }> {
  const context = await permitFor(db, user, body.PermitInstanceId, 'edit');
  const existing = await findAttachment(db, body.PermitAttachmentId);
  if (existing) {
    if (existing.permit_instance_id !== body.PermitInstanceId) throw conflict('This attachment id is already used on another permit. Add the file again.');
    return { created: false, attachment: present(existing) };
  }
  const bytes = new Uint8Array(Buffer.from(body.Content, 'base64'));
  const sniffed = await sniffAttachment(bytes, body.FileName);
  if (!sniffed.ok) throw badRequest(sniffed.reason);
  const key = `attachments/${body.PermitInstanceId}/${body.PermitAttachmentId}`;
  // The file first: a record never points at nothing; a file without a record (a crash between) is only unused space.
  await objects.put(key, bytes, sniffed.mimeType);
  const name = `${user.first_name} ${user.last_name}`.trim();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.query<AttachmentRow>(
      `insert into permit_attachments (permit_attachment_id, permit_instance_id, file_name, mime_type, size_bytes, object_key, created_by, created_by_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (permit_attachment_id) do nothing returning ${COLUMNS}`,
      [body.PermitAttachmentId, body.PermitInstanceId, body.FileName, sniffed.mimeType, bytes.length, key, user.personnel_id, name],
    );
    if (inserted) {
      await audit(tx, user, 'permit.attachment.add', { type: 'permit', id: body.PermitInstanceId }, { PermitInstanceId: body.PermitInstanceId, PermitAttachmentId: body.PermitAttachmentId, FileName: body.FileName, LocationId: context.permit.LocationId });
    }
    return inserted;
  });
  if (!row) {
    const raced = await findAttachment(db, body.PermitAttachmentId);
    if (!raced) throw conflict(`${body.FileName} was attached and then deleted from this permit. Add it again to attach it anew.`);
    return { created: false, attachment: present(raced) };
  }
  return { created: true, attachment: present(row) };
}

/** DELETE /permitattachment: the record goes (kept as deleted for the audit trail) and so does the file. */
export async function deleteAttachment(db: Database, objects: ObjectStore, user: UserRecord, permitId: string, attachmentId: string): Promise<void> {
  await permitFor(db, user, permitId, 'edit');
  const existing = await findAttachment(db, attachmentId);
  if (!existing || existing.permit_instance_id !== permitId) throw notFound(`Permit ${permitId} has no attachment ${attachmentId}; it may have been deleted already.`);
  await db.transaction(async (tx) => {
    await tx.query('update permit_attachments set deleted = true where permit_attachment_id = $1', [attachmentId]);
    await audit(tx, user, 'permit.attachment.delete', { type: 'permit', id: permitId }, { PermitInstanceId: permitId, PermitAttachmentId: attachmentId, FileName: existing.file_name });
  });
  await objects.delete(existing.object_key);
}

/** GET /permitattachment/url: a short-lived link to open the file in a new tab, for who may view the permit. */
export async function attachmentUrl(db: Database, user: UserRecord, permitId: string, attachmentId: string, now: Date) {
  await permitFor(db, user, permitId, 'view');
  const existing = await findAttachment(db, attachmentId);
  if (!existing || existing.permit_instance_id !== permitId) throw notFound(`Permit ${permitId} has no attachment ${attachmentId}; it may have been deleted.`);
  return signObjectUrl(db, existing.object_key, now);
}

/** The live record stored under an object key (the signed link names the key). */
export async function attachmentByKey(db: Queryable, key: string): Promise<{ fileName: string } | undefined> {
  const [row] = await db.query<{ file_name: string }>('select file_name from permit_attachments where object_key = $1 and not deleted', [key]);
  return row && { fileName: row.file_name };
}

async function findAttachment(db: Queryable, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.query<AttachmentRow>(`select ${COLUMNS} from permit_attachments where permit_attachment_id = $1 and not deleted`, [id]);
  return row;
}
