import { useEffect, useMemo, useState } from 'react';
import { attachmentRows$, refreshAttachments, type AttachmentRow } from '../../../replication/attachments';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { useOnline } from '../../app/useOnline';

/**
 * The permit's attachments while the dialog is open: what the device holds at once, then the
 * server's list when there is a connection (asked again when one comes back and when an upload
 * or delete of this device is done).
 */
export function useAttachments(permitId: string, open: boolean): { rows: AttachmentRow[] | null; loadError: boolean } {
  const db = useReplica();
  const { email, data } = useAppData();
  const online = useOnline();
  const name = `${data.profile.FirstName} ${data.profile.LastName}`.trim();
  const rows = useObservable(useMemo(() => (open ? attachmentRows$(db, email, permitId, name) : null), [db, email, permitId, name, open]), null);
  const [loadError, setLoadError] = useState(false);
  // Server-side changes of this device's queue: each done upload or delete is a reason to ask again.
  const settled = rows?.filter((r) => r.status !== 'pending').length ?? 0;

  useEffect(() => {
    if (!open || !online) return;
    let live = true;
    refreshAttachments(db, permitId).then(
      () => live && setLoadError(false),
      // A permit still being created offline is unknown to the server: its list is what the device holds.
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [db, permitId, open, online, settled]);
  return { rows, loadError };
}
