import Type from 'typebox';
import { PermitInstanceId } from './permitApi';
import { Timestamp } from './permit';

/** Largest file accepted (SPEC is silent; a phone photo or a scanned permit fits easily). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Base64 of the largest file, plus room for the rest of the JSON body. */
export const MAX_ATTACHMENT_BODY_BYTES = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 + 64 * 1024;

export const PermitAttachmentId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', description: 'Attachment id' });
const FileName = Type.String({ minLength: 1, maxLength: 255, description: 'File name' });
const MimeType = Type.String({ minLength: 1, maxLength: 200, description: 'Declared media type' });

/** An attached file (SPEC §3), with who attached it and when for the dialog's list. */
export const PermitAttachment = Type.Object({
  PermitAttachmentId,
  PermitInstanceId,
  /** The type found by reading the file, not the one declared. */
  MimeType: Type.String(),
  FileName: Type.String(),
  AttachmentKey: Type.String(),
  Size: Type.Integer({ minimum: 0 }),
  CreatedBy: Type.String(),
  CreatedOn: Timestamp,
  /** True only on the device while the file waits in the outbox. */
  isOfflineSaved: Type.Boolean(),
});
export type PermitAttachment = Type.Static<typeof PermitAttachment>;

export const AttachmentListQuery = Type.Object({ PermitInstanceId });
export const PermitAttachmentList = Type.Object({ PermitAttachmentList: Type.Array(PermitAttachment) });
export type PermitAttachmentList = Type.Static<typeof PermitAttachmentList>;

/**
 * POST /permitattachment: the record (SPEC §7) and the file itself as base64 in `Content`, so
 * one queued request carries everything an offline device has. The id is the device's.
 */
export const CreateAttachmentBody = Type.Object(
  {
    PermitInstanceId,
    PermitAttachmentId,
    FileName,
    MimeType,
    Content: Type.String({ minLength: 1, maxLength: MAX_ATTACHMENT_BODY_BYTES, pattern: '^[A-Za-z0-9+/]*={0,2}$', description: 'The file, base64' }),
  },
  { additionalProperties: false },
);
export type CreateAttachmentBody = Type.Static<typeof CreateAttachmentBody>;
export const CreateAttachmentResponse = Type.Object({ AttachmentKey: Type.String(), PermitAttachment });

export const AttachmentQuery = Type.Object({ PermitInstanceId, PermitAttachmentId });
export type AttachmentQuery = Type.Static<typeof AttachmentQuery>;

/** A short-lived address of one file that a new tab can open without the bearer token. */
export const AttachmentUrlResponse = Type.Object({ Url: Type.String(), ExpiresAt: Timestamp });

export const AttachmentFileQuery = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 300 }),
  expires: Type.Integer({ minimum: 0 }),
  sig: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type AttachmentFileQuery = Type.Static<typeof AttachmentFileQuery>;
