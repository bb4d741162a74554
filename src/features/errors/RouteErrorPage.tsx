import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { AuthLayout } from '../auth/AuthLayout';

/** Replaces the router's developer error screen with a message and a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <AuthLayout>
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Something went wrong</MessageBarTitle>
          {detail}
        </MessageBarBody>
      </MessageBar>
      <Body1>Reload the page to continue. Your signed-in session is kept.</Body1>
      <Button appearance="primary" onClick={() => window.location.assign('/')}>
        Reload
      </Button>
    </AuthLayout>
  );
}
