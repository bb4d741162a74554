/**
 * Bad input over every route the server registers (read from the app, never listed by hand: a
 * route added tomorrow is fuzzed the day it lands). Pass: no answer >= 500, every refusal a
 * sentence a person can read, the database unchanged by refused requests, every route with a schema.
 * FUZZ_RUNS sets the cases per route (CI: a few; `npm run fuzz`: many), FUZZ_SEED the seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/harness';
import { changedTables, dumpDatabase } from './dbDump';
import { broken, nasty, pathWith, plausible, queryString } from './schemaArbitrary';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const PORT = Number(process.env.RELIABILITY_PORT ?? 8271);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Route = TestServer['routes'][number];

/** What the request's path said, decoded: a refusal may rightly quote it ("No user [object Object]"). */
function pathWords(path: string): string[] {
  return path.split(/[/?&=]/).flatMap((part) => {
    try {
      return [decodeURIComponent(part)];
    } catch {
      return [];
    }
  });
}

/** A refusal a person can act on: our JSON with a sentence, not a parser's or validator's jargon. */
function readableRefusal(body: string, path: string): string | null {
  let message: unknown;
  try {
    message = (JSON.parse(body) as { message?: unknown }).message;
  } catch {
    return `not JSON: ${body.slice(0, 80)}`;
  }
  if (typeof message !== 'string') return 'no message';
  if (message.length < 10 || !/\w+\s+\w+/.test(message)) return `too short: ${message}`;
  const ours = pathWords(path).reduce((text, word) => (word.length > 2 ? text.replaceAll(word, '') : text), message);
  if (/FST_|\[object|undefined|Unexpected token|must match|must NOT|instancePath|at position \d/.test(ours)) return `jargon: ${message}`;
  return null;
}

interface Case {
  path: string;
  /** Raw body and its content type; none for GET. */
  body?: string;
  contentType?: string;
}

/** Whole-body corruptions: not JSON, cut short, the wrong media type, nothing, too big. */
const rawBodies = fc.oneof(
  fc.constantFrom<Pick<Case, 'body' | 'contentType'>>(
    { body: '{"PermitInstanceId": "a",', contentType: 'application/json' },
    { body: 'not json at all', contentType: 'application/json' },
    { body: '', contentType: 'application/json' },
    { body: 'null', contentType: 'application/json' },
    { body: '[]', contentType: 'application/json' },
    { body: '"text"', contentType: 'application/json' },
    { body: '{"a":1}', contentType: 'text/plain' },
    { body: '<x/>', contentType: 'application/xml' },
    { body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
    { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { body: `"${'a'.repeat(1_100_000)}"`, contentType: 'application/json' },
    { body: `{"a":"${'é'.repeat(400_000)}"}`, contentType: 'application/json' },
    { body: '\u0000\u0000', contentType: 'application/json; charset=utf-16' },
  ),
);

function caseFor(route: Route): fc.Arbitrary<Case> {
  const schema = route.schema ?? {};
  const params = fc.array(fc.oneof(nasty, plausible((schema.params as { properties?: Record<string, object> })?.properties?.[Object.keys((schema.params as { properties?: object })?.properties ?? {})[0] ?? ''] as never)), { minLength: 3, maxLength: 3 });
  const query = fc.oneof(broken(schema.querystring as never), plausible(schema.querystring as never));
  const path = fc.tuple(params, query).map(([p, q]) => `${pathWith(route.url, p)}${queryString(q)}`);
  if (!MUTATING.has(route.method)) return path.map((p) => ({ path: p }));
  const jsonBody = broken(schema.body as never).map((b) => ({ body: JSON.stringify(b) ?? 'undefined', contentType: 'application/json' }));
  return fc.tuple(path, fc.oneof({ weight: 3, arbitrary: jsonBody }, { weight: 1, arbitrary: rawBodies })).map(([p, b]) => ({ path: p, ...b }));
}

describe('bad input over every route', () => {
  let server: TestServer;
  let base: string;
  let token: string;
  const table: { route: string; cases: number; statuses: string; dbChecked: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { permits: true });
    await server.app.listen({ port: PORT, host: '127.0.0.1' });
    base = `http://127.0.0.1:${PORT}`;
    token = await server.employeeToken('admin@demo.test');
  }, 300_000);
  afterAll(async () => {
    console.log(`\nFuzz: ${RUNS} cases per route, seed ${SEED}\n${table.map((r) => `${r.route.padEnd(48)} ${String(r.cases).padStart(4)}  ${r.statuses.padEnd(40)} db ${r.dbChecked}`).join('\n')}`);
    await server?.close();
  });

  it('reads the routes from the app, and every one declares a schema for what it takes', () => {
    const api = server.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(20);
    const missing = api.flatMap((r) => {
      const s = r.schema;
      if (!s) return [`${r.method} ${r.url}: no schema`];
      const gaps: string[] = [];
      if (r.url.includes(':') && !s.params) gaps.push(`${r.method} ${r.url}: no params schema`);
      return gaps;
    });
    expect(missing).toEqual([]);
  });

  it('answers no bad input with >= 500, refuses with a sentence, and changes nothing when it refuses', async () => {
    const routes = server.routes.filter((r) => r.url.startsWith('/api/'));
    const failures: string[] = [];
    for (const route of routes) {
      const before = await dumpDatabase(server.db);
      const statuses = new Map<number, number>();
      let accepted = false;
      const cases = fc.sample(caseFor(route), { numRuns: RUNS, seed: SEED });
      for (const c of cases) {
        const abort = AbortSignal.timeout(10_000);
        let status = 0;
        let text = '';
        try {
          const response = await fetch(`${base}${c.path}`, {
            method: route.method,
            headers: { authorization: `Bearer ${token}`, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
            body: c.body,
            signal: abort,
          });
          status = response.status;
          // A change stream never ends by itself: its headers are the answer.
          if (response.headers.get('content-type')?.startsWith('text/event-stream')) await response.body?.cancel();
          else text = await response.text();
        } catch (error) {
          failures.push(`${route.method} ${route.url} ${c.path.slice(0, 120)}: no answer (${String(error)})`);
          continue;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status < 400) accepted = true;
        if (status >= 500) failures.push(`${route.method} ${c.path.slice(0, 120)} body ${String(c.body).slice(0, 120)}: ${status} ${text.slice(0, 200)}`);
        else if (status >= 400) {
          const problem = readableRefusal(text, c.path);
          if (problem) failures.push(`${route.method} ${c.path.slice(0, 120)}: ${status} ${problem}`);
        }
      }
      // Where every case was refused, or the route only reads, the database must be as it was; an accepted write may write.
      const compared = !accepted || !MUTATING.has(route.method);
      const changed = compared ? changedTables(before, await dumpDatabase(server.db)) : [];
      if (changed.length > 0) failures.push(`${route.method} ${route.url}: ${accepted ? 'reads' : 'refused requests'} changed ${changed.join(', ')}`);
      table.push({
        route: `${route.method} ${route.url}`,
        cases: cases.length,
        statuses: [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' '),
        dbChecked: !compared ? 'not compared (a write was accepted)' : changed.length ? 'CHANGED' : 'unchanged',
      });
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
