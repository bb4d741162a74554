import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/** The directives of a Content-Security-Policy header, by name. */
const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));

/** An authorization request to the built-in identity provider: it answers with its interaction cookies. */
function authorizeUrl(publicUrl: string) {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'openpermit', response_type: 'code', scope: 'openid profile email', redirect_uri: `${publicUrl}/auth/callback`,
    code_challenge: challenge, code_challenge_method: 'S256', state: 'x', nonce: 'y',
  });
  return `/oidc/auth?${query.toString()}`;
}

describe.each([
  ['behind TLS', 'https://permits.example.com'],
  ['over plain HTTP (development)', 'http://localhost:8271'],
])('security headers %s', (_name, publicUrl) => {
  const tls = publicUrl.startsWith('https:');
  let server: TestServer;
  beforeAll(async () => {
    // The built-in identity provider (no corporate issuer): its sign-in sets the only cookies.
    server = await startTestServer('pglite', { publicUrl, oidcIssuer: undefined });
  });
  afterAll(() => server.close());

  it.each(['/api/health', '/api/permitinstance?PermitInstanceId=x', '/nowhere'])('%s: CSP with frame-ancestors none, nosniff, HSTS only behind TLS', async (url) => {
    const response = await server.request({ method: 'GET', url, headers: tls ? { 'x-forwarded-proto': 'https' } : {} });
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    if (tls) expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
    else expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('cookies are HttpOnly, SameSite and (behind TLS) Secure', async () => {
    const response = await server.request({ method: 'GET', url: authorizeUrl(publicUrl), headers: tls ? { 'x-forwarded-proto': 'https' } : {} });
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=(lax|strict)/i);
      if (tls) expect(cookie).toMatch(/;\s*secure/i);
    }
  });
});
