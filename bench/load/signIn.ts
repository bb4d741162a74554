/**
 * A load account's session as the app holds a contractor's: signed in with email and password
 * through the real route, its bearer token on every call, signed in again after a 401 (an
 * access token lives 15 minutes; a long run outlives it).
 */
import { createHttpClient, type HttpClient } from '../../replication/http';
import type { TokenResponse } from '../../schemas';
import { LOAD_PASSWORD, type Account } from './seed';

export interface SignedIn {
  email: string;
  http: HttpClient;
  token(): string;
}

export async function signIn(baseUrl: string, account: Account): Promise<SignedIn> {
  const anonymous = createHttpClient({ baseUrl: `${baseUrl}/api`, tokens: () => null });
  let token = '';
  const renew = async () => {
    const body = { EmailAddress: account.email, Password: LOAD_PASSWORD };
    token = (await anonymous.api<TokenResponse>('POST', '/auth/signin', body, { auth: false })).accessToken;
  };
  await renew();
  const http = createHttpClient({
    baseUrl: `${baseUrl}/api`,
    tokens: () => ({
      token: async () => token,
      renewAfterUnauthorized: async () => {
        await renew();
        return true;
      },
    }),
  });
  return { email: account.email, http, token: () => token };
}

/** Runs `task` over `items`, `parallel` at a time, keeping their order in the result. */
export async function inBatches<T, R>(items: readonly T[], parallel: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}
