/**
 * The bench user's session on the runner's side: a contractor signs in with email and
 * password (employees would need the identity provider's browser flow), and the token is
 * renewed by signing in again before it expires. The requests go through the app's own
 * HTTP client (replication/http.ts), which runs in Node as well.
 */
import { createHttpClient, type HttpClient } from '../replication/http';
import type { TokenResponse, UserProfile } from '../schemas';

/** The demo contractor: views all of Bayport once home is set there, edits at location 111. */
export const BENCH_USER = { email: 'contractor@demo.test', password: 'Demo#2026', home: 100, editsAt: 111 };

/** Sign in again when the token has less than this left (streams end when it expires). */
const RENEW_BEFORE_MS = 5 * 60_000;

export interface Session {
  http: HttpClient;
  token(): Promise<string>;
  profile: UserProfile;
}

export async function signIn(baseUrl: string): Promise<Session> {
  const anonymous = createHttpClient({ baseUrl: `${baseUrl}/api`, tokens: () => null });
  let current = { token: '', expiresAt: 0 };
  const token = async () => {
    if (Date.now() > current.expiresAt - RENEW_BEFORE_MS) {
      const body = { EmailAddress: BENCH_USER.email, Password: BENCH_USER.password };
      const answer = await anonymous.api<TokenResponse>('POST', '/auth/signin', body, { auth: false });
      current = { token: answer.accessToken, expiresAt: Date.now() + answer.expiresIn * 1000 };
    }
    return current.token;
  };
  const http = createHttpClient({ baseUrl: `${baseUrl}/api`, tokens: () => ({ token, renewAfterUnauthorized: async () => false }) });
  const profile = await http.api<UserProfile>('GET', `/user?Email=${encodeURIComponent(BENCH_USER.email)}`);
  return { http, token, profile };
}

/**
 * Makes all of Bayport the user's replica (home location and below, DESIGN.md §4.6): the
 * bench seed spreads its permits over the site's permitting locations.
 */
export async function homeAtSite(session: Session): Promise<void> {
  await session.http.api('POST', '/userpref', { PersonnelId: session.profile.PersonnelId, HomeLocationId: BENCH_USER.home });
}
