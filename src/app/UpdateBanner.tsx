import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useAppUpdate } from './appShell';

/** A new version of the app is on the device: the user reloads into it when it suits them. */
export function UpdateBanner() {
  const { ready, apply } = useAppUpdate();
  if (!ready) return null;
  return (
    <MessageBar intent="info">
      <MessageBarBody>A new version of OpenPermit is ready. Your data and queued changes are kept.</MessageBarBody>
      <MessageBarActions>
        <Button onClick={apply}>Reload</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
