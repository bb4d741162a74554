import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useOnline } from './useOnline';

/** SPEC §8 Offline, where a change is made: it is kept on the device and sent later. */
export const OFFLINE_CHANGE_SAVED = 'Your change is saved on this device and will sync automatically when you are back online.';

/**
 * The offline warning of SPEC §8, for screens where changes are made: shown only without a
 * connection, so the user knows a change will wait rather than fail.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>There is no connection to the system</MessageBarTitle>
        Changes you make are saved on this device and will sync automatically when you are back online.
      </MessageBarBody>
    </MessageBar>
  );
}
