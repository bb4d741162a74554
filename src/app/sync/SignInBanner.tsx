import { useNavigate } from 'react-router-dom';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { messages } from '../../../domain/messages';
import { useAppData } from '../startup/appData';
import { useSyncStatus } from './useSync';

/**
 * Shown while the server wants a new sign-in (a 401 the token renewal could not cure) or the
 * session has lapsed: nothing is sent or pulled until then, and nothing queued is dropped.
 */
export function SignInBanner() {
  const navigate = useNavigate();
  const { lapsed } = useAppData();
  const status = useSyncStatus();
  if (!lapsed && !status?.signInNeeded) return null;
  const pending = status?.pendingCount ?? 0;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        {pending > 0 ? messages.sync.signInToSync(pending) : 'Sign in again to get the latest changes.'}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => navigate('/auth/signin')}>Sign in</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
