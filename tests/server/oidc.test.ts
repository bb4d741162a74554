import { createHash, randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOidcProvider } from '../../server/auth/oidc';
import { hashPassword } from '../../server/auth/passwords';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

// The whole authorization-code + PKCE flow of the built-in provider, driven through app.inject
// over a real database (PGlite; PostgreSQL when DATABASE_URL is set), redirects and cookies by hand.

const PUBLIC_URL = 'http://openpermit.test';
const CLIENT_ID = 'openpermit';
const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;
const PASSWORD = 'Correct-horse-9!';
const run = randomBytes(4).toString('hex'); // unique accounts, so a shared PostgreSQL can be reused
const email = (name: string) => `${name}.${run}@example.com`;
// Each run signs in from its own address, so the per-address throttle of earlier runs does not apply.
const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

type Jar = Map<string, { value: string; path: string }>;

/** A browser, as far as the provider can tell: a cookie jar (names, values, paths). */
function browser() {
  const jar: Jar = new Map();

  function remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as { name: string; value: string; path?: string; expires?: Date }[]) {
      const key = `${cookie.name};${cookie.path ?? '/'}`;
      if (cookie.expires && cookie.expires.getTime() < Date.now()) jar.delete(key);
      else jar.set(key, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  function cookieHeader(path: string) {
    const pairs = [...jar.entries()]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([key, c]) => `${key.split(';')[0]}=${c.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  return {
    async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
      const target = new URL(url, PUBLIC_URL);
      const path = target.pathname;
      const cookie = cookieHeader(path);
      const response = await app.inject({
        method,
        url: `${path}${target.search}`,
        remoteAddress,
        headers: {
          ...headers,
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      remember(response);
      return response;
    },
  };
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function location(response: LightMyRequestResponse): string {
  expect([302, 303], `expected a redirect, got ${response.statusCode}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
  return String(response.headers.location);
}

/** Sends the app's authorization request; resolves to where it leads and the PKCE verifier. */
async function authorize(b: ReturnType<typeof browser>) {
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return { next: location(await b.request('GET', `/oidc/auth?${params}`)), verifier };
}

/** Starts an authorization request; resolves to the sign-in page's address and the PKCE verifier. */
async function startSignIn(b: ReturnType<typeof browser>) {
  const { next: interaction, verifier } = await authorize(b);
  expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return { interaction, verifier };
}

/** Signs in through the page and follows the redirects to the app; resolves to the callback URL. */
async function signIn(b: ReturnType<typeof browser>, interaction: string, who: string) {
  const posted = await b.request('POST', `${interaction}/login`, { email: who, password: PASSWORD });
  const resume = location(posted);
  return new URL(location(await b.request('GET', resume)));
}

async function exchange(b: ReturnType<typeof browser>, form: Record<string, string>) {
  const response = await b.request('POST', '/oidc/token', { client_id: CLIENT_ID, ...form }, { origin: PUBLIC_URL });
  return { status: response.statusCode, body: response.json() as Record<string, string> };
}

let db: Database;
let app: FastifyInstance;
let provider: { issuer: string; jwks: { keys: Record<string, unknown>[] } };

async function addUser(name: string, kind: 'employee' | 'external', overrides: Record<string, unknown> = {}) {
  const row = { email: email(name), kind, first_name: 'Avery', last_name: 'Nakamura', site_id: 1, password_hash: await hashPassword(PASSWORD), ...overrides };
  const columns = Object.keys(row);
  const rows = await db.query<{ personnel_id: number }>(
    `insert into users (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning personnel_id`,
    Object.values(row),
  );
  return rows[0]!.personnel_id;
}

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await migrate(db);
  app = Fastify({ logger: false });
  provider = await registerOidcProvider(app, { db, config: loadConfig({ PUBLIC_URL, OIDC_CLIENT_ID: CLIENT_ID }) });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('built-in OpenID Connect provider', () => {
  it('publishes its configuration under /oidc', async () => {
    const response = await browser().request('GET', '/oidc/.well-known/openid-configuration');
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(provider.issuer).toBe(`${PUBLIC_URL}/oidc`);
    expect(discovery).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${PUBLIC_URL}/oidc/auth`,
      token_endpoint: `${PUBLIC_URL}/oidc/token`,
      end_session_endpoint: `${PUBLIC_URL}/oidc/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    // Only public keys leave the server.
    expect(provider.jwks.keys.length).toBeGreaterThan(0);
    for (const key of provider.jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it('signs an employee in with authorization code + PKCE, then refreshes and signs out', async () => {
    const personnelId = await addUser('avery', 'employee');
    const b = browser();
    const { interaction, verifier } = await startSignIn(b);

    const page = await b.request('GET', interaction);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Sign in to OpenPermit</title>');
    expect(page.body).toContain('<label for="email">Email address</label>');
    expect(page.body).toMatch(/<input id="email" name="email" type="email" autocomplete="username"/);
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('>Sign in</button>');
    expect(page.body).not.toContain('<script');

    const callback = await signIn(b, interaction, email('avery'));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const tokens = await exchange(b, { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();

    const keys = createLocalJWKSet(provider.jwks);
    const { payload } = await jwtVerify(tokens.body.id_token!, keys, { issuer: provider.issuer, audience: CLIENT_ID });
    expect(payload).toMatchObject({
      sub: String(personnelId),
      email: email('avery'),
      email_verified: true,
      given_name: 'Avery',
      family_name: 'Nakamura',
      name: 'Avery Nakamura',
      nonce: 'nonce-1',
    });
    expect(payload.exp! - payload.iat!).toBe(3600);

    const refreshed = await exchange(b, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token! });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const { payload: renewed } = await jwtVerify(refreshed.body.id_token!, keys, { issuer: provider.issuer, audience: CLIENT_ID });
    expect(renewed.email).toBe(email('avery'));
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);

    // Signing out of the provider ends the session and the app's refresh tokens.
    const endSession = new URLSearchParams({ id_token_hint: refreshed.body.id_token!, post_logout_redirect_uri: `${PUBLIC_URL}/auth/signout` });
    const confirm = await b.request('GET', `/oidc/session/end?${endSession}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Sign out of OpenPermit?');
    expect(confirm.body).toContain('>Sign out</button>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    expect(xsrf).toBeTruthy();
    const signedOut = await b.request('POST', '/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(location(signedOut)).toBe(`${PUBLIC_URL}/auth/signout`);
    const afterSignOut = await exchange(b, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token! });
    expect(afterSignOut.status).toBe(400);

    // The next authorization asks for the password again.
    const { interaction: next } = await startSignIn(b);
    expect((await b.request('GET', next)).body).toContain('Sign in to OpenPermit');
  }, 30_000);

  it('refuses a refresh token or a code used twice, and then ends the whole grant', async () => {
    await addUser('blake', 'employee');
    const b = browser();
    const { interaction, verifier } = await startSignIn(b);
    const code = (await signIn(b, interaction, email('blake'))).searchParams.get('code')!;
    const tokens = await exchange(b, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    const first = await exchange(b, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token! });
    expect(first.status).toBe(200);
    const replayed = await exchange(b, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token! });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe('invalid_grant');
    // A replay means the token leaked: the rotated token is revoked with it.
    expect((await exchange(b, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token! })).status).toBe(400);

    // Single sign-on: the session gets a new code without the password, under a new grant.
    const { next, verifier: secondVerifier } = await authorize(b);
    const secondCode = new URL(next).searchParams.get('code');
    expect(secondCode).toBeTruthy();
    const exchanged = { grant_type: 'authorization_code', code: secondCode!, redirect_uri: REDIRECT_URI, code_verifier: secondVerifier };
    const secondTokens = await exchange(b, exchanged);
    expect(secondTokens.status).toBe(200);
    expect((await exchange(b, exchanged)).status).toBe(400);
    expect((await exchange(b, { grant_type: 'refresh_token', refresh_token: secondTokens.body.refresh_token! })).status).toBe(400);
  }, 30_000);

  it('shows the message and issues no code for a wrong password, and escapes what it echoes', async () => {
    await addUser('casey', 'employee');
    const b = browser();
    const { interaction } = await startSignIn(b);
    const wrong = await b.request('POST', `${interaction}/login`, { email: email('casey'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers.location).toBeUndefined();
    expect(wrong.body).toContain('Incorrect email address or password');

    const hostile = await b.request('POST', `${interaction}/login`, { email: '"><script>alert(1)</script>', password: 'x' });
    expect(hostile.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(hostile.body).not.toContain('<script>');

    // The same interaction still works with the right password.
    const callback = await signIn(b, interaction, email('casey'));
    expect(callback.searchParams.get('code')).toBeTruthy();
  }, 30_000);

  it('refuses deactivated, deleted and expired employees, and contractors', async () => {
    await addUser('dana', 'employee', { active_flag: false });
    await addUser('ellis', 'employee', { delete_flag: true });
    await addUser('finley', 'employee', { access_expires_date: '2020-01-01' });
    await addUser('gray', 'external', { signup_complete: true });
    for (const who of ['dana', 'ellis', 'finley', 'gray', 'nobody']) {
      const b = browser();
      const { interaction } = await startSignIn(b);
      const response = await b.request('POST', `${interaction}/login`, { email: email(who), password: PASSWORD });
      expect(response.statusCode, who).toBe(401);
      expect(response.body, who).toContain('Incorrect email address or password');
    }
  }, 60_000);

  it('ends the refresh tokens of an employee deactivated after sign-in', async () => {
    const personnelId = await addUser('harper', 'employee');
    const b = browser();
    const { interaction, verifier } = await startSignIn(b);
    const code = (await signIn(b, interaction, email('harper'))).searchParams.get('code')!;
    const tokens = await exchange(b, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    await db.query('update users set active_flag = false where personnel_id = $1', [personnelId]);
    const refreshed = await exchange(b, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token! });
    expect(refreshed.status).toBe(400);
  }, 30_000);

  it('throttles repeated failures with HTTP 429', async () => {
    await addUser('indigo', 'employee');
    const b = browser();
    const { interaction } = await startSignIn(b);
    for (let i = 0; i < 5; i++) {
      const response = await b.request('POST', `${interaction}/login`, { email: email('indigo'), password: 'wrong' });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await b.request('POST', `${interaction}/login`, { email: email('indigo'), password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts. Please wait 15 minutes and try again.');
  }, 60_000);

  it('answers an expired or foreign sign-in page with an explanation, not a code', async () => {
    const b = browser();
    const response = await b.request('POST', '/oidc/interaction/not-a-real-one/login', { email: email('avery'), password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in page has expired');
  });

  it("lets the provider's own auto-submit form run under the CSP, and nothing else inline", async () => {
    // Without a session, sign-out confirms itself with a form the provider submits by script.
    const response = await browser().request('GET', '/oidc/session/end');
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('keeps its keys in the database, shared by every instance', async () => {
    const other = Fastify({ logger: false });
    const second = await registerOidcProvider(other, { db, config: loadConfig({ PUBLIC_URL, OIDC_CLIENT_ID: CLIENT_ID }) });
    await other.close();
    expect(second.jwks).toEqual(provider.jwks);
  });
});
