import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';

describe.each(DATABASE_KINDS)('contractor sign-in on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const signIn = (EmailAddress: string, Password: string, remoteAddress = '10.0.0.1') =>
    server.request({ method: 'POST', url: '/api/auth/signin', payload: { EmailAddress, Password }, remoteAddress });

  it('signs a contractor in and the token opens their profile', async () => {
    const response = await signIn(' Contractor@Demo.test ', 'Demo#2026');
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toMatchObject({ EmailAddress: 'contractor@demo.test', expiresIn: 900 });
    const profile = await server.request({ method: 'GET', url: '/api/user?Email=contractor@demo.test', token: tokens.accessToken });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ FirstName: 'Carlos', LastName: 'Mendes', Kind: 'external', Preferences: { HomeLocationId: 111 } });
  });

  it('refuses a wrong password, an unknown address and an employee with exactly the same message', async () => {
    for (const [email, password] of [
      ['contractor@demo.test', 'wrong#2026'],
      ['nobody@demo.test', 'Demo#2026'],
      ['issuer@demo.test', 'Demo#2026'],
    ] as const) {
      const response = await signIn(email, password, '10.0.0.2');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Incorrect email address or password');
    }
  });

  it('asks for both fields with a sentence', async () => {
    const response = await server.request({ method: 'POST', url: '/api/auth/signin', payload: { EmailAddress: 'contractor@demo.test' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is required.');
    const empty = await server.request({ method: 'POST', url: '/api/auth/signin' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body must not be empty.');
  });

  it('rate-limits failed attempts per account, even with the right password afterwards', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('viewer-target@demo.test', 'nope', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await signIn('viewer-target@demo.test', 'nope', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('rate-limits failed attempts per client address across accounts', async () => {
    for (let i = 0; i < 20; i++) expect((await signIn(`guess${i}@demo.test`, 'nope', '10.2.0.1')).statusCode).toBe(401);
    expect((await signIn('contractor@demo.test', 'Demo#2026', '10.2.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signIn('contractor@demo.test', 'Demo#2026', '10.2.0.2')).statusCode).toBe(200);
  });

  it('rotates refresh tokens and revokes the sign-in when a used one is replayed', async () => {
    const first = (await signIn('contractor@demo.test', 'Demo#2026', '10.3.0.1')).json();
    const refresh = (refreshToken: string) => server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(first.refreshToken);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    // The replay revoked the whole family, including the newest token.
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(401);
  });

  it('signs out: the refresh token stops working', async () => {
    const tokens = (await signIn('contractor@demo.test', 'Demo#2026', '10.4.0.1')).json();
    const out = await server.request({ method: 'POST', url: '/api/auth/signout', payload: { refreshToken: tokens.refreshToken } });
    expect(out.statusCode).toBe(204);
    const refreshed = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
  });

  it('a disabled contractor loses access at once and cannot sign in or refresh', async () => {
    const tokens = (await signIn('contractor@demo.test', 'Demo#2026', '10.5.0.1')).json();
    await server.db.query(`update users set active_flag = false where email = 'contractor@demo.test'`);
    try {
      const api = await server.request({ method: 'GET', url: '/api/settings', token: tokens.accessToken });
      expect(api.statusCode).toBe(401);
      expect((await signIn('contractor@demo.test', 'Demo#2026', '10.5.0.2')).json().message).toBe('Incorrect email address or password');
      const refreshed = await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } });
      expect(refreshed.statusCode).toBe(401);
    } finally {
      await server.db.query(`update users set active_flag = true where email = 'contractor@demo.test'`);
    }
  });

  it('an expired contractor account cannot sign in', async () => {
    await server.db.query(`update users set access_expires_date = date '2020-01-01' where email = 'contractor@demo.test'`);
    try {
      expect((await signIn('contractor@demo.test', 'Demo#2026', '10.6.0.1')).statusCode).toBe(401);
    } finally {
      await server.db.query(`update users set access_expires_date = null where email = 'contractor@demo.test'`);
    }
  });
});
