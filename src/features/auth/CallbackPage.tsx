import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { completeSignIn } from '../../../replication/session';
import { LoadingView } from '../../app/LoadingView';

/** Where sign-in errors go, with the provider's error and description (SPEC §2 redirect targets). */
function signInErrorPath(error: string, description: string): string {
  const query = new URLSearchParams({ error, errorDescription: description });
  return `/auth/signin?${query.toString()}`;
}

/** /auth/callback: the identity provider sends the browser back here with code and state, or an error. */
export function CallbackPage() {
  const navigate = useNavigate();

  useEffect(() => {
    const url = window.location.href;
    const params = new URL(url).searchParams;
    const error = params.get('error');
    if (error) {
      navigate(signInErrorPath(error, params.get('error_description') ?? ''), { replace: true });
      return;
    }
    if (!params.get('code') || !params.get('state')) {
      navigate(signInErrorPath('invalid_request', 'The sign-in response had no code or state.'), { replace: true });
      return;
    }
    completeSignIn(url).then(
      () => navigate('/', { replace: true }),
      (e: unknown) =>
        navigate(signInErrorPath('signin_failed', e instanceof Error ? e.message : String(e)), { replace: true }),
    );
  }, [navigate]);

  return <LoadingView />;
}
