/**
 * Who is signed in, whichever way they signed in: a contractor (email + password tokens)
 * or an employee (OpenID Connect user). The UI subscribes to `currentIdentity`; `api`
 * gets its bearer token from here.
 */
import type { PublicConfig, RegisterBody } from '../schemas';
import {
  contractorRegister,
  contractorSignIn,
  contractorSignOut,
  contractorToken,
  onContractorChange,
  readContractor,
  refreshContractor,
  schedule,
} from './contractorTokens';
import {
  completeEmployeeSignIn,
  employeeEmail,
  employeeSignOut,
  employeeToken,
  endSessionUrl,
  initEmployee,
  renewEmployee,
  startEmployeeSignIn,
} from './employeeSession';
import { setTokenSource } from './http';

export type SignInKind = 'contractor' | 'employee';

/** The signed-in user as far as the session knows: how they signed in and their email. */
export interface Identity {
  kind: SignInKind;
  email: string;
}

let snapshot: Identity | null = null;
let lastToken: string | null = null;
const listeners = new Set<() => void>();
const signInListeners = new Set<() => void>();

/** Recomputes the identity; a new object only when it changed (useSyncExternalStore needs that). */
function update(): void {
  const contractor = readContractor();
  const employee = employeeEmail();
  const next: Identity | null = contractor
    ? { kind: 'contractor', email: contractor.EmailAddress }
    : employee !== null
      ? { kind: 'employee', email: employee }
      : null;
  if (next?.kind === snapshot?.kind && next?.email === snapshot?.email) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

let initialised: Promise<void> | null = null;

/**
 * Call with the public config before rendering anything that needs the session. Runs once
 * per page: a second call (React StrictMode mounts twice) gets the first one's promise.
 */
export function initSession(config: PublicConfig): Promise<void> {
  initialised ??= init(config).catch((error: unknown) => {
    initialised = null; // let a retry start over
    throw error;
  });
  return initialised;
}

async function init(config: PublicConfig): Promise<void> {
  onContractorChange(update);
  await initEmployee(config, update);
  schedule();
  // Another tab signed in or out: follow it.
  globalThis.addEventListener?.('storage', () => update());
  setTokenSource({
    token: async () => {
      lastToken = readContractor() ? await contractorToken() : await employeeToken();
      return lastToken;
    },
    renewAfterUnauthorized: () =>
      readContractor() ? refreshContractor(lastToken ?? '') : snapshot ? renewEmployee() : Promise.resolve(false),
  });
  update();
}

export const currentIdentity = (): Identity | null => snapshot;

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Told after every completed sign-in, also when the same user signs in again: the identity does
 * not change then, but a queue waiting for a new sign-in (a 401 the renewal could not cure) may.
 */
export function subscribeSignIns(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

function signedIn(): void {
  update();
  for (const listener of signInListeners) listener();
}

/** Contractor sign-in; throws ApiError (401 wrong credentials, 429 rate limit). */
export async function signInContractor(email: string, password: string): Promise<void> {
  await contractorSignIn(email, password);
  signedIn();
}

/** Completes a contractor's registration and signs them in; throws ApiError (400 link or password refused). */
export async function registerContractor(body: RegisterBody): Promise<void> {
  await contractorRegister(body);
  signedIn();
}

/** Redirects the browser to the identity provider's sign-in page. */
export const signInEmployee = (): Promise<void> => startEmployeeSignIn();

/** Completes an employee sign-in from the callback URL. */
export async function completeSignIn(url: string): Promise<void> {
  await completeEmployeeSignIn(url);
  signedIn();
}

/** Signs out locally (and revokes refresh tokens on the server when it can be reached). */
export async function signOut(): Promise<void> {
  if (readContractor()) await contractorSignOut();
  if (employeeEmail() !== null) await employeeSignOut();
  update();
}

/** The identity provider's end-session URL, for the "Sign out - current user" popup. */
export const identityProviderLogoutUrl = (): Promise<string> => endSessionUrl();

/** An id for this browser tab's session, put in diagnostics so support can find its logs. */
export function sessionId(): string {
  const key = 'openpermit.sessionId';
  const storage = globalThis.sessionStorage;
  let id = storage?.getItem(key);
  if (!id) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    storage?.setItem(key, id);
  }
  return id;
}
