import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Title2,
} from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import type { Invitation } from '../../../replication/api';
import { AppLink } from '../../app/AppLink';
import { AuthLayout } from './AuthLayout';
import { RegistrationForm } from './RegistrationForm';
import { useInvitationCheck } from './useInvitationCheck';

/** The invitation the link carries (SPEC §3), or null when a field is missing. */
function invitationFrom(params: URLSearchParams): Invitation | null {
  const fields = ['EmailAddress', 'FirstName', 'LastName', 'token'].map((key) => params.get(key) ?? '');
  const [EmailAddress = '', FirstName = '', LastName = '', token = ''] = fields;
  // Sent on as they are: the link's signature covers the exact values.
  if (fields.some((value) => value.trim() === '')) return null;
  return { EmailAddress, FirstName, LastName, token };
}

/** /auth/register: a contractor completes registration from the invitation mail (SPEC §2). */
export function RegisterPage() {
  const [params] = useSearchParams();
  const invitation = useMemo(() => invitationFrom(params), [params]);
  const [attempt, setAttempt] = useState(0);
  const check = useInvitationCheck(invitation, attempt);

  return (
    <AuthLayout>
      <Title2 as="h1">Complete Registration</Title2>
      {check.status === 'checking' ? <Spinner label="Checking your invitation…" /> : null}
      {check.status === 'invalid' ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{messages.registration.invalidLink}</MessageBarBody>
        </MessageBar>
      ) : null}
      {check.status === 'unknown' ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{check.message}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {check.status === 'valid' && invitation ? <RegistrationForm invitation={invitation} /> : null}
      <Body1>
        Already registered, or a company employee? <AppLink to="/auth/signin">Sign in</AppLink>
      </Body1>
    </AuthLayout>
  );
}
