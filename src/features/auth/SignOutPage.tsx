import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Body1, Button, Spinner, Title2 } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { identityProviderLogoutUrl } from '../../../replication/session';
import { useConfig } from '../../app/config';
import { endSession } from '../../db/localFirst';
import { AuthLayout } from './AuthLayout';

const POPUP_FEATURES = 'popup,width=520,height=640';

/**
 * /auth/signout: signs out of OpenPermit here. The identity provider's own session stays,
 * so the next company sign-in is instant; the popup ends it too when someone else takes over.
 */
export function SignOutPage() {
  const navigate = useNavigate();
  const config = useConfig();
  const [done, setDone] = useState(false);
  // A usable URL at once: window.open must run inside the click, or popup blockers refuse it.
  const [logoutUrl, setLogoutUrl] = useState(
    () =>
      `${(config.oidc.issuer || `${window.location.origin}/oidc`).replace(/\/$/, '')}/session/end?client_id=${encodeURIComponent(config.oidc.clientId)}`,
  );

  useEffect(() => {
    let cancelled = false;
    void identityProviderLogoutUrl()
      .then((url) => !cancelled && setLogoutUrl(url))
      .catch(() => undefined);
    void endSession().finally(() => !cancelled && setDone(true));
    return () => {
      cancelled = true;
    };
  }, []);

  if (!done) {
    return (
      <AuthLayout>
        <Spinner label="Signing out…" />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <Title2 as="h1">{messages.signOut.done}</Title2>
      <Button appearance="primary" size="large" onClick={() => navigate('/auth/signin')}>
        Sign In again
      </Button>
      <Button size="large" onClick={() => window.open(logoutUrl, 'openpermit-logout', POPUP_FEATURES)}>
        Sign out - current user
      </Button>
      <Body1>{messages.signOut.help}</Body1>
    </AuthLayout>
  );
}
