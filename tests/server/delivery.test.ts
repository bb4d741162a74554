import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';

const APP_JS = 'assets/index-B4x9_kQ2.js';
const appSource = `console.log(${JSON.stringify('OpenPermit '.repeat(400))});`;

/** A built app as Vite leaves it: hashed assets, index.html and the service worker, with brotli and gzip copies. */
function writeBuiltApp(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>OpenPermit</title><script type="module" src="/${APP_JS}"></script>${'<!-- padding -->'.repeat(100)}`,
    [APP_JS]: appSource,
    'sw.js': `self.addEventListener('install', () => {});${' '.repeat(2000)}`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    if (name === 'sw.js') continue; // written after the bundle: no copies, as with vite-plugin-pwa
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
}

describe.each(DATABASE_KINDS)('compression and caching on %s', (kind) => {
  let server: TestServer;
  let staticDir: string;
  let token: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'openpermit-delivery-'));
    writeBuiltApp(staticDir);
    server = await startTestServer(kind, { staticDir });
    token = await server.contractorToken('contractor@demo.test');
  });
  afterAll(async () => {
    await server.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that accepts brotli, kept for a year', async () => {
    const response = await server.request({ method: 'GET', url: `/${APP_JS}`, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload).toEqual(readFileSync(join(staticDir, `${APP_JS}.br`)));
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(appSource);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gzip = await server.request({ method: 'GET', url: `/${APP_JS}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appSource);
    const plain = await server.request({ method: 'GET', url: `/${APP_JS}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appSource);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends a hashed asset without the document's policies, and the page with them", async () => {
    const asset = await server.request({ method: 'GET', url: `/${APP_JS}`, headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await server.request({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('has index.html (directly and for any app path) and the service worker revalidated on every load', async () => {
    for (const url of ['/index.html', '/permits/list', '/']) {
      const response = await server.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain('<title>OpenPermit</title>');
    }
    const worker = await server.request({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(worker.headers['cache-control']).toBe('no-cache');
    // No copy of it at build time: compressed as it is sent.
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(worker.rawPayload).toString()).toContain("self.addEventListener('install'");
  });

  it('compresses an API answer above 1 KB, and the client reads the same JSON', async () => {
    const url = '/api/sync/sitedata?limit=200';
    const plain = await server.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await server.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await server.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is: compressing it would save less than it costs', async () => {
    const response = await server.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the change stream: its first event arrives at once, as written', async () => {
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { headers, first } = await new Promise<{ headers: Record<string, unknown>; first: string }>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/sync/stream`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip, deflate' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ headers: res.headers, first: chunk.toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.setTimeout(3000, () => reject(new Error('no event within 3 s: the stream is held back')));
      req.end();
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['content-encoding']).toBeUndefined();
    expect(first).toContain(': connected');
  });
});
