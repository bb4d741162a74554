/**
 * A contractor's tokens (email + password sign-in): a short-lived access token and a
 * rotating refresh token, kept in localStorage so a reload or a second tab stays signed in.
 */
import type { RegisterBody, TokenResponse } from '../schemas';
import { postRefresh, postRegister, postSignIn, postSignOut } from './api';
import { ApiError } from './http';

const STORAGE_KEY = 'openpermit.contractor';
/** Refresh this long before the access token expires, so no request goes out with a dead one. */
const REFRESH_AHEAD_MS = 60_000;
/** When a refresh could not reach the server, try again after this long. */
const RETRY_MS = 30_000;

export interface ContractorTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number;
  EmailAddress: string;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | null = null;
let onChange: () => void = () => {};

/** The session module is told when the tokens appear or disappear. */
export function onContractorChange(listener: () => void): void {
  onChange = listener;
}

export function readContractor(): ContractorTokens | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as ContractorTokens) : null;
  } catch {
    return null;
  }
}

function store(tokens: ContractorTokens | null): void {
  if (tokens) globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(tokens));
  else globalThis.localStorage?.removeItem(STORAGE_KEY);
  schedule();
  onChange();
}

function fromResponse(response: TokenResponse): ContractorTokens {
  return {
    accessToken: response.accessToken,
    refreshToken: response.refreshToken,
    expiresAt: Date.now() + response.expiresIn * 1000,
    EmailAddress: response.EmailAddress,
  };
}

export async function contractorSignIn(email: string, password: string): Promise<void> {
  store(fromResponse(await postSignIn({ EmailAddress: email, Password: password })));
}

/** Registration signs the new contractor in: its answer is the same pair of tokens. */
export async function contractorRegister(body: RegisterBody): Promise<void> {
  store(fromResponse(await postRegister(body)));
}

/** Revokes the refresh token on the server (best effort: offline still signs out locally). */
export async function contractorSignOut(): Promise<void> {
  const tokens = readContractor();
  store(null);
  if (tokens) await postSignOut(tokens.refreshToken).catch(() => undefined);
}

/** A usable access token, refreshed first when it is about to expire. */
export async function contractorToken(): Promise<string | null> {
  const tokens = readContractor();
  if (!tokens) return null;
  if (tokens.expiresAt - Date.now() > REFRESH_AHEAD_MS) return tokens.accessToken;
  await refreshContractor(tokens.accessToken);
  return readContractor()?.accessToken ?? null;
}

/**
 * Renews the tokens unless another tab already did. `staleAccessToken` is the token the
 * caller saw; if the stored one differs and is fresh, the other tab's refresh is adopted
 * (refresh tokens rotate, so refreshing twice with the same one would sign us out).
 */
export function refreshContractor(staleAccessToken: string): Promise<boolean> {
  refreshing ??= withLock(async () => {
    const tokens = readContractor();
    if (!tokens) return false;
    const fresh = tokens.expiresAt - Date.now() > REFRESH_AHEAD_MS;
    if (tokens.accessToken !== staleAccessToken && fresh) return true;
    try {
      store(fromResponse(await postRefresh(tokens.refreshToken)));
      return true;
    } catch (error) {
      // Expired or revoked: the session is over. Anything else (offline): keep it, retry.
      if (error instanceof ApiError && (error.status === 401 || error.status === 400)) store(null);
      else timer = setTimeout(() => void refreshContractor(tokens.accessToken), RETRY_MS);
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Plans the next refresh ~60 s before expiry (the tab's own timer; other tabs plan theirs). */
export function schedule(): void {
  clearTimeout(timer);
  const tokens = readContractor();
  if (!tokens) return;
  const delay = Math.max(0, tokens.expiresAt - Date.now() - REFRESH_AHEAD_MS);
  timer = setTimeout(() => void refreshContractor(tokens.accessToken), delay);
}

/** Serialises refreshes across tabs where the Web Locks API exists. */
function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request('openpermit-token-refresh', task) : task();
}
