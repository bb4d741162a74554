/**
 * A graceful stop (issue 41), as systemd or a rolling restart sends it: SIGTERM to the real server
 * process with requests and a change stream open. Readiness fails at once while requests are still
 * served; no request under way is cut; the stream ends with a retry hint; the process exits 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorToken } from './device';
import { startServerProcess, type ServerProcess } from './serverProcess';

describe('a SIGTERM', () => {
  let server: ServerProcess;
  let token: string;
  beforeAll(async () => {
    server = await startServerProcess({ DRAIN_SECONDS: '2' });
    token = await contractorToken(server.url);
  }, 120_000);
  afterAll(async () => server?.close());

  const get = (path: string) => fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('drains: readiness fails first, requests under way finish, the stream ends with a retry hint, the process exits 0', async () => {
    expect(await (await get('/ready')).json()).toEqual({ status: 'ready' });
    expect((await get('/live')).status).toBe(200);

    const stream = await get('/sync/stream');
    expect(stream.status).toBe(200);
    const streamed = (async () => {
      let text = '';
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return text;
        text += value;
      }
    })();

    // Pulls under way when the signal arrives, and one sent while the instance drains.
    const underWay = Array.from({ length: 8 }, () => get('/sync/permits?limit=500'));
    const exited = server.terminate();
    let ready = await get('/ready');
    for (let i = 0; i < 50 && ready.status === 200; i++) ready = await get('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    const whileDraining = await get('/sync/permits?limit=1');
    expect(whileDraining.status).toBe(200);

    expect((await Promise.all(underWay)).map((r) => r.status)).toEqual(Array(8).fill(200));
    const text = await streamed;
    expect(text).toMatch(/^retry: 5000\n: connected\n\n/);
    expect(text).toMatch(/retry: 1000\n: ended by the server, reconnect\n\n$/);
    expect(await exited, server.output()).toBe(0);
  }, 120_000);
});
