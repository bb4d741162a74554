import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { LoadingView } from '../LoadingView';

/** The startup could not get what a signed-in screen needs: the reason, and a way to try again. */
export function StartupFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <LoadingView>
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>OpenPermit could not load your data</MessageBarTitle>
          {message}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRetry}>Try again</Button>
        </MessageBarActions>
      </MessageBar>
    </LoadingView>
  );
}
