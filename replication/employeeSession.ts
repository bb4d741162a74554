/**
 * An employee's session: OpenID Connect code flow with PKCE through oidc-client-ts. The
 * id_token is what the API accepts as the employee's bearer token.
 */
import type { User, UserManager } from 'oidc-client-ts';
import type { PublicConfig } from '../schemas';

let manager: Promise<UserManager> | null = null;
let notifyChange: () => void = () => undefined;
let user: User | null = null;
let issuer = '';
let clientId = '';
let renewing: Promise<boolean> | null = null;
/** One completion per callback URL: React StrictMode runs effects twice in development. */
const callbacks = new Map<string, Promise<void>>();

/**
 * Reads the public config and loads a stored user, if any. oidc-client-ts (~18 KB gzip) is
 * loaded only when an employee's session is stored on the device or an employee signs in:
 * a contractor's first load and the sign-in page do without it (issue 13's budget).
 */
export async function initEmployee(config: PublicConfig, onChange: () => void): Promise<void> {
  issuer = config.oidc.issuer || `${globalThis.location.origin}/oidc`;
  clientId = config.oidc.clientId;
  notifyChange = onChange;
  if (!storedUserKeyExists()) return;
  user = await (await requireManager()).getUser();
  if (user?.expired) {
    // A stored but expired session (the tab was closed for a while): renew it or drop it.
    if (!(await renewEmployee())) user = null;
  }
}

/** Where oidc-client-ts keeps the user (its WebStorageStateStore's default prefix and key). */
const storedUserKeyExists = () => globalThis.localStorage?.getItem(`oidc.user:${issuer}:${clientId}`) != null;

/** The UserManager, built on first use. */
function requireManager(): Promise<UserManager> {
  if (!issuer) throw new Error('The session is not initialised: call initSession(config) first.');
  manager ??= import('oidc-client-ts').then(({ UserManager, WebStorageStateStore }) => {
    const origin = globalThis.location.origin;
    const built = new UserManager({
      authority: issuer,
      client_id: clientId,
      redirect_uri: `${origin}/auth/callback`,
      post_logout_redirect_uri: `${origin}/auth/signout`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      userStore: new WebStorageStateStore({ store: globalThis.localStorage }),
      automaticSilentRenew: true,
      // Providers that follow the spec strictly put the email claim only in userinfo.
      loadUserInfo: true,
    });
    built.events.addUserLoaded((loaded) => {
      user = loaded;
      notifyChange();
    });
    built.events.addUserUnloaded(() => {
      user = null;
      notifyChange();
    });
    return built;
  });
  return manager;
}

export const employeeUser = (): User | null => user;

/** The signed-in employee's email, from the id_token or userinfo claims. */
export const employeeEmail = (): string | null => (user ? (user.profile.email ?? '') : null);

/** Starts the redirect to the identity provider's sign-in page. */
export async function startEmployeeSignIn(): Promise<void> {
  await (await requireManager()).signinRedirect();
}

/** Finishes the sign-in on /auth/callback (exchanges the code for tokens). */
export function completeEmployeeSignIn(url: string): Promise<void> {
  let pending = callbacks.get(url);
  if (!pending) {
    pending = requireManager()
      .then((current) => current.signinRedirectCallback(url))
      .then((signedIn) => {
        user = signedIn;
      });
    callbacks.set(url, pending);
  }
  return pending;
}

/** The bearer token for the API, renewed first when it has expired. */
export async function employeeToken(): Promise<string | null> {
  if (user?.expired) await renewEmployee();
  return user?.id_token ?? null;
}

/** Renews with the refresh token; on failure the stored user is removed (signed out). */
export function renewEmployee(): Promise<boolean> {
  renewing ??= (async () => {
    const current = await requireManager();
    try {
      user = await current.signinSilent();
      return user !== null;
    } catch {
      await current.removeUser();
      user = null;
      return false;
    }
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

/** Local sign-out: revokes the refresh token where the provider allows it, forgets the user. */
export async function employeeSignOut(): Promise<void> {
  // No user was ever loaded on this page or stored on the device: nothing to end.
  if (!manager && !storedUserKeyExists()) return;
  const current = await requireManager();
  if (user?.refresh_token) await current.revokeTokens(['refresh_token']).catch(() => undefined);
  await current.removeUser();
  user = null;
}

/**
 * The provider's logout page, opened in a popup from /auth/signout so a shared tablet's
 * next user is not signed in silently as the previous one.
 */
export async function endSessionUrl(): Promise<string> {
  let endpoint: string | undefined;
  try {
    endpoint = await (await requireManager()).metadataService.getEndSessionEndpoint();
  } catch {
    // discovery unreachable: fall back to the built-in provider's path
  }
  const url = new URL(endpoint ?? `${issuer.replace(/\/$/, '')}/session/end`);
  url.searchParams.set('client_id', clientId);
  return url.toString();
}
