/** The edges the replication tests drive: a recording or scripted fetch, a real server over HTTP. */
import type { AddressInfo } from 'node:net';
import { createHttpClient, type FetchLike, type HttpClient } from '../../replication/http';
import type { TestServer } from '../server/harness';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records every request, then answers with `respond` (a Response, or an Error for "no answer"). */
export function recordingFetch(respond: (request: RecordedRequest) => Response | Error | Promise<Response | Error>) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: new URL(url, 'http://device.test'),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = await respond(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, requests };
}

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client with a fixed token (the session is not under test); 401s are not renewed. */
export function testClient(fetch: FetchLike, baseUrl = 'http://device.test/api', token = 'test-token'): HttpClient {
  return createHttpClient({ baseUrl, fetch, tokens: () => ({ token: async () => token, renewAfterUnauthorized: async () => false }) });
}

/** The test server listening on a free port, for requests over real HTTP (streams included). */
export async function listen(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
}

/** Polls until `check` returns a value other than undefined/false; fails the test after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 10_000, what = 'the condition'): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
