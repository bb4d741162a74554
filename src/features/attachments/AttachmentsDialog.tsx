import {
  Badge, Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Table, TableBody, TableCell,
  TableHeader, TableHeaderCell, TableRow, makeStyles, tokens,
} from '@fluentui/react-components';
import { AttachRegular, CameraRegular, DeleteRegular, OpenRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { messages } from '../../../domain/messages';
import { attachmentUrl, type AttachmentRow } from '../../../replication/attachments';
import { MAX_ATTACHMENT_BYTES } from '../../../schemas';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useChangeOutcome } from '../../app/sync/useChangeOutcome';
import { useNotify } from '../../app/toaster';
import { addAttachment, blobOf, deleteAttachment } from './attachmentWrites';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { useAttachments } from './useAttachments';

const useStyles = makeStyles({
  surface: { maxWidth: '900px', width: '100%' },
  adders: { display: 'flex', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  hidden: { display: 'none' },
});

/** What an input may offer; the server decides by the content (PDF, images, Office documents, text). */
const ACCEPT = 'application/pdf,image/*,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

interface Props {
  open: boolean;
  permitId: string;
  canEdit: boolean;
  onClose(): void;
}

/** The attachments dialog (SPEC §2): list, open, add (a file or a photo from the camera) and delete. */
export function AttachmentsDialog({ open, permitId, canEdit, onClose }: Props) {
  const styles = useStyles();
  const db = useReplica();
  const { email } = useAppData();
  const notify = useNotify();
  const outcome = useChangeOutcome();
  const { rows } = useAttachments(permitId, open);
  const [deleting, setDeleting] = useState<AttachmentRow | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const writer = { db, owner: email };

  const add = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        notify('error', messages.attachments.uploadFailed, `${file.name} is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB, the most an attachment can be.`);
        continue;
      }
      try {
        const entry = await addAttachment(writer, permitId, file);
        if (navigator.onLine) outcome(entry, { done: messages.attachments.uploaded, refused: messages.attachments.uploadFailed });
        else notify('warning', messages.attachments.savedOffline);
      } catch {
        notify('error', messages.attachments.uploadFailed);
      }
    }
  };

  const openFile = async (row: AttachmentRow) => {
    if (row.content) {
      window.open(URL.createObjectURL(blobOf(row.content, row.attachment.MimeType)), '_blank', 'noopener');
      return;
    }
    // Opened before the request, so the browser counts it as the user's click and does not block it.
    const tab = window.open('', '_blank');
    try {
      const { Url } = await attachmentUrl(permitId, row.attachment.PermitAttachmentId);
      if (tab) tab.location.href = Url;
    } catch {
      tab?.close();
      notify('error', 'This attachment can be opened when you are back online.');
    }
  };

  const remove = async (row: AttachmentRow) => {
    setDeleting(null);
    try {
      const entry = await deleteAttachment(writer, permitId, row.attachment.PermitAttachmentId, row.attachment.FileName);
      outcome(entry, { done: messages.attachments.deleted, refused: messages.attachments.deleteFailed });
    } catch {
      notify('error', messages.attachments.deleteFailed);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>Attachments</DialogTitle>
          <DialogContent>
            {canEdit && (
              <div className={styles.adders}>
                <Button icon={<AttachRegular />} onClick={() => fileInput.current?.click()}>Add Attachment</Button>
                <Button icon={<CameraRegular />} onClick={() => cameraInput.current?.click()}>Take Photo</Button>
                <input ref={fileInput} className={styles.hidden} type="file" multiple accept={ACCEPT} aria-label="Attachment file" onChange={(e) => { void add(e.target.files); e.target.value = ''; }} />
                <input ref={cameraInput} className={styles.hidden} type="file" accept="image/*" capture="environment" aria-label="Photo" onChange={(e) => { void add(e.target.files); e.target.value = ''; }} />
              </div>
            )}
            {rows && rows.length === 0 && <Body1>{messages.attachments.none}</Body1>}
            {rows && rows.length > 0 && (
              <Table aria-label="Attachments" size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>File</TableHeaderCell>
                    <TableHeaderCell>Type</TableHeaderCell>
                    <TableHeaderCell>Size</TableHeaderCell>
                    <TableHeaderCell>Added</TableHeaderCell>
                    <TableHeaderCell />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.attachment.PermitAttachmentId} aria-label={row.attachment.FileName}>
                      <TableCell>
                        {row.attachment.FileName}{' '}
                        {row.status === 'pending' && <Badge appearance="outline" color="informative">Pending</Badge>}
                        {row.status === 'refused' && <Badge appearance="filled" color="danger">Not synced</Badge>}
                        {row.refusal && row.status === 'refused' && <Caption1 block>{row.refusal}</Caption1>}
                      </TableCell>
                      <TableCell>{row.attachment.MimeType}</TableCell>
                      <TableCell>{size(row.attachment.Size)}</TableCell>
                      <TableCell>{`${row.attachment.CreatedBy}, ${new Date(row.attachment.CreatedOn).toLocaleString()}`}</TableCell>
                      <TableCell>
                        <Button size="small" icon={<OpenRegular />} onClick={() => void openFile(row)} aria-label={`Open ${row.attachment.FileName}`}>Open</Button>
                        {canEdit && row.status !== 'refused' && (
                          <Button size="small" icon={<DeleteRegular />} onClick={() => setDeleting(row)} aria-label={`Delete ${row.attachment.FileName}`}>Delete</Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
        {/* Nested inside the surface (Fluent's way for a dialog over a dialog): a click in it is not outside this one. */}
        <ConfirmDeleteDialog open={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => deleting && void remove(deleting)} />
      </DialogSurface>
    </Dialog>
  );
}
