import { fileTypeFromBuffer } from 'file-type';
import { MAX_ATTACHMENT_BYTES } from '../../schemas';

/** What may be attached: PDF, images, Office documents and plain text (issue 10). */
const ALLOWED = new Set([
  'application/pdf',
  'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'image/tiff', 'image/bmp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation',
  // Word 97–2003, Excel and PowerPoint files are OLE compound files: their container is all a sniffer can see.
  'application/x-cfb',
]);

const TEXT_TYPES: Record<string, string> = { csv: 'text/csv', txt: 'text/plain', log: 'text/plain', md: 'text/markdown' };

export type Sniffed = { ok: true; mimeType: string } | { ok: false; reason: string };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Readable text: valid UTF-8 without control characters other than tab, newline and carriage return. */
function isText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text);
  } catch {
    return false;
  }
}

/**
 * Decides by the file's content, never by the name or the declared type: a renamed executable
 * is refused whatever it claims to be. Answers the type to store, or why it is refused.
 */
export async function sniffAttachment(bytes: Uint8Array, fileName: string): Promise<Sniffed> {
  if (bytes.length === 0) return { ok: false, reason: `${fileName} is empty. Choose a file with something in it.` };
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    return { ok: false, reason: `${fileName} is ${megabytes(bytes.length)}; attachments can be at most ${megabytes(MAX_ATTACHMENT_BYTES)}. Reduce the photo's size or split the document.` };
  }
  const found = await fileTypeFromBuffer(bytes);
  if (found && ALLOWED.has(found.mime)) return { ok: true, mimeType: found.mime === 'application/x-cfb' ? officeLegacyType(fileName) : found.mime };
  if (!found && isText(bytes)) {
    const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
    return { ok: true, mimeType: TEXT_TYPES[extension] ?? 'text/plain' };
  }
  const what = found ? `a ${found.ext.toUpperCase()} file (${found.mime})` : 'not a type OpenPermit recognises';
  return { ok: false, reason: `${fileName} is ${what}. Attach a PDF, an image, an Office document or a text file.` };
}

function officeLegacyType(fileName: string): string {
  const extension = fileName.split('.').pop()?.toLowerCase();
  if (extension === 'xls') return 'application/vnd.ms-excel';
  if (extension === 'ppt') return 'application/vnd.ms-powerpoint';
  return 'application/msword';
}
