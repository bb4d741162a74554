import { useMemo } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { storagePersistence$ } from '../../db/device';
import { useDevice } from '../../app/replica';
import { useObservable } from '../../app/useObservable';

/**
 * Says so when the browser refused to keep the device's data from eviction (DESIGN.md §4
 * pitfalls): Safari, for one, deletes unpersisted site data after 7 days without a visit, and
 * changes not yet synced would go with it.
 */
export function StorageNotice() {
  const db = useDevice();
  const persistence = useObservable(useMemo(() => storagePersistence$(db), [db]), null);
  if (!persistence || persistence.persisted) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>This browser may delete OpenPermit's offline data</MessageBarTitle>
        The browser did not agree to keep the data OpenPermit stores on this device, so it may clear it when space runs
        low or after some days without a visit. Sync before leaving the device unused, and open OpenPermit regularly;
        installing it as an app or allowing the site to store data permanently avoids this.
      </MessageBarBody>
    </MessageBar>
  );
}
