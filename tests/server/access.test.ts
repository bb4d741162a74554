import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPORATE_ISSUER, DATABASE_KINDS, startTestServer, type TestServer } from './harness';

/** Every /api route the server has, as Fastify registered them. */
const apiRoutes = (server: TestServer) => server.routes.filter((r) => r.url.startsWith('/api/'));

const PUBLIC = [
  'GET /api/health',
  // A load balancer's checks: liveness, and readiness (draining for a stop, or the database out of reach).
  'GET /api/live',
  'GET /api/ready',
  'GET /api/config',
  'POST /api/auth/signin',
  'POST /api/auth/refresh',
  'POST /api/auth/signout',
  // Registration: the invitation link is the credential.
  'GET /api/auth/invitation',
  'POST /api/auth/register',
  // An attachment opened in a new tab: the short-lived signed link is the credential.
  'GET /api/permitattachment/file',
];

describe.each(DATABASE_KINDS)('access control on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('knows the routes it is checking', () => {
    expect(apiRoutes(server).map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([...PUBLIC, 'GET /api/user', 'POST /api/userpref', 'GET /api/users', 'PATCH /api/users/:user', 'DELETE /api/users/:user']));
  });

  it('every non-public /api route refuses a missing, forged, expired or foreign token with 401', async () => {
    const forged = await new SignJWT({ email: 'admin@demo.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(CORPORATE_ISSUER)
      .setAudience(server.config.oidcClientId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-key-not-the-key-not-the-key'));
    const expired = await server.employeeToken('admin@demo.test', { exp: Math.floor(Date.now() / 1000) - 60 });
    const otherAudience = await server.employeeToken('admin@demo.test', { aud: 'another-app' });
    const tokens = [undefined, 'garbage', forged, expired, otherAudience];
    const guarded = apiRoutes(server).filter((r) => !PUBLIC.includes(`${r.method} ${r.url}`));
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      for (const token of tokens) {
        const response = await server.request({ method: route.method as 'GET', url: route.url, token, payload: route.method === 'GET' ? undefined : {} });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json().message).toMatch(/sign/i);
      }
    }
  });

  it('public routes answer without a token', async () => {
    const health = await server.request({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: kind, version: server.config.version });
    const config = await server.request({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ productName: 'OpenPermit', oidc: { issuer: CORPORATE_ISSUER, clientId: 'openpermit' } });
  });

  it('refuses users without the ability at the location with 403', async () => {
    const noaccess = await server.employeeToken('noaccess@demo.test');
    const viewer = await server.employeeToken('viewer@demo.test');
    for (const url of ['/api/locationmetadata?LocationId=110', '/api/printer?LocationId=110']) {
      const refused = await server.request({ method: 'GET', url, token: noaccess });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to view permits at Crude Unit.');
      expect((await server.request({ method: 'GET', url, token: viewer })).statusCode, url).toBe(200);
      // The viewer's rights stop at their site.
      const otherSite = await server.request({ method: 'GET', url: url.replace('110', '210'), token: viewer });
      expect(otherSite.statusCode, url).toBe(403);
    }
  });

  it('lets a user read only their own profile; an administrator may read anyone', async () => {
    const viewer = await server.employeeToken('viewer@demo.test');
    const own = await server.request({ method: 'GET', url: '/api/user?Email=VIEWER@demo.test', token: viewer });
    expect(own.json()).toMatchObject({ FirstName: 'Victor', Kind: 'employee', SysAdminFlag: false, Preferences: { HomeLocationId: 110 } });
    const other = await server.request({ method: 'GET', url: '/api/user?Email=issuer@demo.test', token: viewer });
    expect(other.statusCode).toBe(403);
    const admin = await server.employeeToken('admin@demo.test');
    expect((await server.request({ method: 'GET', url: '/api/user?Email=issuer@demo.test', token: admin })).json()).toMatchObject({ FirstName: 'Priya' });
  });

  it('answers null for a person the identity provider knows but OpenPermit does not', async () => {
    const stranger = await server.employeeToken('stranger@demo.test');
    const profile = await server.request({ method: 'GET', url: '/api/user?Email=stranger@demo.test', token: stranger });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toBe('null');
    expect((await server.request({ method: 'POST', url: '/api/userpref', token: stranger, payload: { PersonnelId: 1, HomeLocationId: 111 } })).statusCode).toBe(403);
  });

  it('a contractor token cannot pass for an employee of the same address', async () => {
    const contractor = await server.contractorToken('contractor@demo.test');
    const profile = await server.request({ method: 'GET', url: '/api/user?Email=contractor@demo.test', token: contractor });
    expect(profile.json().Kind).toBe('external');
    const pretending = await server.employeeToken('contractor@demo.test');
    expect((await server.request({ method: 'GET', url: '/api/settings', token: pretending })).statusCode).toBe(401);
  });
});
