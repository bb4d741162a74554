import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from './harness';

const event = (message: string) => ({ level: 'warn', message, at: '2026-05-01T08:00:00.000Z', context: { collection: 'permits' } });
const batch = (events = [event('The change stream failed; reconnecting.')]) => ({ sessionId: 'tab-1', version: '0.1.0', events });

describe('POST /api/log, the client event log', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.employeeToken('viewer@demo.test');
  });
  afterAll(() => server.close());

  it('takes a batch from a signed-in user', async () => {
    const response = await server.request({ method: 'POST', url: '/api/log', token, payload: batch() });
    expect(response.statusCode).toBe(204);
  });

  it('needs a signed-in user', async () => {
    const response = await server.request({ method: 'POST', url: '/api/log', payload: batch() });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no events', batch([])],
    ['more than 100 events', batch(Array.from({ length: 101 }, (_, i) => event(`e${i}`)))],
    ['an unknown level', batch([{ ...event('x'), level: 'fatal' }])],
    ['an unknown field', { ...batch(), extra: true }],
  ])('refuses %s with a 400', async (_name, payload) => {
    const response = await server.request({ method: 'POST', url: '/api/log', token, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('limits a user to 60 batches a minute', async () => {
    const other = await server.employeeToken('issuer@demo.test');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 61; i++) {
      last = await server.request({ method: 'POST', url: '/api/log', token: other, payload: batch() });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
    // The device is told when to try again.
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the client-log rate limit is kept in the database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('holds across a restart and across two server processes on one database', async () => {
    const token = await server.employeeToken('admin@demo.test');
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/log', headers: { authorization: `Bearer ${token}` }, payload: batch() }).then((r) => r.statusCode);
    // A second instance on the same database, as behind a load balancer; then a "restarted" one.
    const second = await server.sibling();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await send(server.app));
    for (let i = 0; i < 30; i++) statuses.push(await send(second));
    await second.close();
    const restarted = await server.sibling();
    statuses.push(await send(restarted));
    await restarted.close();
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
