import { useEffect, useState, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { PublicConfig } from '../../schemas';
import { ConfigContext } from './config';
import { LoadingView } from './LoadingView';
import { startApp } from './startApp';

type State = { status: 'loading' } | { status: 'ready'; config: PublicConfig } | { status: 'failed'; message: string };

/**
 * Waits for the public config and the session (startApp) before anything else renders: the
 * OIDC client needs the issuer, and every guard needs to know who is signed in. Both come from
 * the device when it has them, so the app also opens with no connection.
 */
export function Bootstrap({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    startApp().then(
      (config) => !cancelled && setState({ status: 'ready', config }),
      (error: unknown) =>
        !cancelled && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (state.status === 'ready') return <ConfigContext.Provider value={state.config}>{children}</ConfigContext.Provider>;
  if (state.status === 'loading') return <LoadingView />;
  return (
    <LoadingView>
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>OpenPermit could not start</MessageBarTitle>
          {state.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </MessageBarActions>
      </MessageBar>
    </LoadingView>
  );
}
