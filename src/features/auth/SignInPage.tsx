import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Title2 } from '@fluentui/react-components';
import { BuildingRegular, PersonRegular } from '@fluentui/react-icons';
import { messages } from '../../../domain/messages';
import { signInEmployee } from '../../../replication/session';
import { AuthLayout } from './AuthLayout';
import { ContractorSignInForm } from './ContractorSignInForm';
import { OrDivider } from './OrDivider';

/** The error shown from the query (SPEC §2: error and errorDescription), if any. */
function queryError(params: URLSearchParams): { title: string; description: string; intent: 'warning' | 'error' } | null {
  const error = params.get('error');
  const description = params.get('errorDescription');
  if (!error && !description) return null;
  // Not a failure, just the reason for being here: a warning, not an error.
  if (error === 'unauthenticated' && !description) {
    return { title: '', description: messages.signIn.unauthenticated, intent: 'warning' };
  }
  return { title: error ?? '', description: description ?? '', intent: 'error' };
}

/** /auth/signin: company single sign-on, or email and password for external contractors. */
export function SignInPage() {
  const [params] = useSearchParams();
  const [showContractor, setShowContractor] = useState(false);
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const error = queryError(params);

  const startCompanySignIn = () => {
    setRedirectError(null);
    // On success the browser leaves the page; only a failure (provider unreachable) returns.
    signInEmployee().catch((e: unknown) => setRedirectError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <AuthLayout>
      <Title2 as="h1">{messages.signIn.heading}</Title2>
      {error ? (
        <MessageBar intent={error.intent} layout="multiline">
          <MessageBarBody>
            {error.title ? <MessageBarTitle>{error.title}</MessageBarTitle> : null}
            {error.description}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {redirectError ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{redirectError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Button appearance="primary" size="large" icon={<BuildingRegular />} onClick={startCompanySignIn}>
        Sign in with company account
      </Button>
      <OrDivider />
      {showContractor ? (
        <ContractorSignInForm />
      ) : (
        <Button size="large" icon={<PersonRegular />} onClick={() => setShowContractor(true)}>
          External Contractor Sign in
        </Button>
      )}
    </AuthLayout>
  );
}
