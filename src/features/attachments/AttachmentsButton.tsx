import { Button } from '@fluentui/react-components';
import { AttachRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { AttachmentsDialog } from './AttachmentsDialog';

/** The edit page's Attachments action: everyone who sees the permit can list and open; editors add and delete. */
export function AttachmentsButton({ permitId, canEdit }: { permitId: string; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<AttachRegular />} onClick={() => setOpen(true)}>Attachments</Button>
      <AttachmentsDialog open={open} permitId={permitId} canEdit={canEdit} onClose={() => setOpen(false)} />
    </>
  );
}
