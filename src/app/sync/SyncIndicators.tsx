import { lazy, Suspense, useState } from 'react';
import { Badge, Button } from '@fluentui/react-components';
import { ArrowUploadRegular, ErrorCircleRegular, CloudDismissRegular } from '@fluentui/react-icons';
import { messages } from '../../../domain/messages';
import { LazyTooltip } from '../LazyTooltip';
import { useSyncStatus } from './useSync';

/** Loaded when first opened: the dialog and its cards are not part of the first load (issue 13). */
const NotSyncedDialog = lazy(() => import('./NotSyncedDialog').then((m) => ({ default: m.NotSyncedDialog })));

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/**
 * The header's counts of the user's changes: waiting to be sent, and refused by the server (a
 * button to the "Not synced" list). Nothing shows while everything is synced.
 */
export function SyncIndicators() {
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const pending = status?.pendingCount ?? 0;
  const refused = status?.refusedCount ?? 0;
  const pullRefused = status?.pullRefused ?? null;
  return (
    <>
      {pullRefused ? (
        <LazyTooltip content={messages.sync.pullRefused(pullRefused)} relationship="description">
          <Badge appearance="filled" color="danger" icon={<CloudDismissRegular />} role="status" aria-label={messages.sync.pullRefused(pullRefused)}>
            {messages.sync.pullStopped}
          </Badge>
        </LazyTooltip>
      ) : null}
      {pending > 0 ? (
        <LazyTooltip content={`${changes(pending)} waiting to sync`} relationship="description">
          <Badge appearance="tint" color="warning" icon={<ArrowUploadRegular />}>
            {`${pending} pending`}
          </Badge>
        </LazyTooltip>
      ) : null}
      {refused > 0 ? (
        <LazyTooltip content={`${changes(refused)} the server refused`} relationship="description">
          <Button appearance="subtle" icon={<ErrorCircleRegular />} onClick={() => setOpen(true)}>
            {`${refused} not synced`}
          </Button>
        </LazyTooltip>
      ) : null}
      {/* Mounted while open only, so its query runs only then; it stays open when the last entry goes. */}
      {open ? (
        <Suspense fallback={null}>
          <NotSyncedDialog open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
