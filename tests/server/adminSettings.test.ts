import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { Replica } from './syncFactories';

describe.each(DATABASE_KINDS)('settings API on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let issuer: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    issuer = await server.employeeToken('issuer@demo.test');
  });
  afterAll(() => server.close());

  const put = (url: string, payload: object, token = admin) => server.request({ method: 'PUT', url: `/api/settings/${url}`, token, payload });
  const outage = { Severity: 'error', Title: 'SAP is down', Message: 'Work orders cannot be loaded.', Link: 'https://status.demo.test', LinkText: 'Status page', EndsAt: '2026-12-01T06:00:00.000Z' };

  it('puts up and takes down the outage banners; every replica pulls the change', async () => {
    const replica = new Replica(server, issuer, 'sitedata', 'id');
    await replica.pull();
    const response = await put('banners', { outagewarningbanner: null, outagebanner: outage });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outagewarningbanner: null, outagebanner: outage });
    const pulled = (await replica.pull()).flatMap((p) => p.documents);
    expect(pulled.map((d) => d.id).sort()).toEqual(['setting:outagebanner', 'setting:outagewarningbanner']);
    expect(replica.docs.get('setting:outagebanner')?.data).toEqual(outage);
    expect((await server.request({ method: 'GET', url: '/api/settings', token: issuer })).json().outagebanner).toEqual(outage);

    await put('banners', { outagewarningbanner: null, outagebanner: null });
    await replica.pull();
    expect(replica.docs.get('setting:outagebanner')?.data).toBeNull();
  });

  it('sets feature flags per site, each site keeping its own', async () => {
    expect((await put('sites/2', { plotPlanEnabled: true, workOrdersEnabled: false, copyEnabled: true })).statusCode).toBe(200);
    const response = await put('sites/1', { plotPlanEnabled: false, workOrdersEnabled: true, copyEnabled: false });
    expect(response.json().siteFeatures).toEqual({
      1: { plotPlanEnabled: false, workOrdersEnabled: true, copyEnabled: false },
      2: { plotPlanEnabled: true, workOrdersEnabled: false, copyEnabled: true },
    });
    const refusal = await put('sites/9', { plotPlanEnabled: true, workOrdersEnabled: true, copyEnabled: true });
    expect([refusal.statusCode, refusal.json().message]).toEqual([404, 'There is no site with id 9.']);
  });

  it('refuses anyone but an administrator (403, before looking at the body), no token (401) and bad input (400)', async () => {
    for (const [url, body] of [['banners', { outagebanner: outage, outagewarningbanner: null }], ['sites/1', {}]] as const) {
      const response = await put(url, body, issuer);
      expect([response.statusCode, response.json().message]).toEqual([403, 'Only administrators can change the remote settings.']);
    }
    expect((await server.request({ method: 'PUT', url: '/api/settings/banners', payload: {} })).statusCode).toBe(401);
    const cases: [object, string][] = [
      [{ outagewarningbanner: null, outagebanner: { ...outage, Severity: 'loud' } }, 'outagebanner.Severity has a value that is not allowed.'],
      [{ outagewarningbanner: null, outagebanner: { ...outage, Title: '' } }, 'outagebanner.Title must not be empty.'],
      [{ outagewarningbanner: null, outagebanner: { ...outage, Link: 'ftp://files' } }, 'outagebanner.Link is not in the expected format.'],
      [{ outagewarningbanner: null }, 'outagebanner is required.'],
    ];
    for (const [body, message] of cases) {
      const response = await put('banners', body);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const [row] = await server.db.query<{ value: unknown }>(`select value from remote_settings where key = 'outagebanner'`);
    expect(row?.value).toBeNull();
  });
});
