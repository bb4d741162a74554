import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';

describe.each(DATABASE_KINDS)('profile, locations and settings on %s', (kind) => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'openpermit-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>OpenPermit</title>');
    server = await startTestServer(kind, { staticDir });
  });
  afterAll(() => server.close());

  it('lists the whole location tree with the company name', async () => {
    const token = await server.employeeToken('noaccess@demo.test');
    const response = await server.request({ method: 'GET', url: '/api/location?IncludeSublocations=true', token });
    const body = response.json();
    expect(body.CompanyName).toBe('Demo Energy');
    expect(body.LocationList).toContainEqual(expect.objectContaining({ LocationId: 122, Title: 'Compressor House', EnabledFlag: false, ParentLocationId: 120 }));
    const sites = (await server.request({ method: 'GET', url: '/api/location', token })).json();
    expect(sites.LocationList.map((l: { Title: string }) => l.Title)).toEqual(['Bayport Refinery', 'Northfield Chemicals']);
  });

  it('moves the home location to an enabled location the user may view, and only there', async () => {
    const token = await server.employeeToken('nohome@demo.test');
    const { PersonnelId } = (await server.request({ method: 'GET', url: '/api/user?Email=nohome@demo.test', token })).json();
    const update = (HomeLocationId: number) => server.request({ method: 'POST', url: '/api/userpref', token, payload: { PersonnelId, HomeLocationId } });

    for (const refused of [122, 130, 210, 0]) {
      const response = await update(refused);
      expect(response.statusCode, String(refused)).toBe(400);
      expect(response.json().message).toMatch(/cannot be your home location/);
    }
    const saved = await update(111);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ PersonnelId, HomeLocationId: 111, Filters: { SearchPermits: [] } });
    const profile = (await server.request({ method: 'GET', url: '/api/user?Email=nohome@demo.test', token })).json();
    expect(profile.Preferences.HomeLocationId).toBe(111);
    const [audit] = await server.db.query<{ action: string }>('select action from audit_log where personnel_id = $1', [PersonnelId]);
    expect(audit?.action).toBe('preferences.update');
  });

  it('saves a screen’s filters and refuses someone else’s preferences', async () => {
    const token = await server.employeeToken('issuer@demo.test');
    const { PersonnelId } = (await server.request({ method: 'GET', url: '/api/user?Email=issuer@demo.test', token })).json();
    const filter = { Id: 'f1', Name: 'Hot work this week', Active: true, Filter: { PermitType: ['HotWork'], dateType: 'week' } };
    const saved = await server.request({ method: 'POST', url: '/api/userpref', token, payload: { PersonnelId, Filters: [filter] } });
    expect(saved.json().Filters.SearchPermits).toEqual([filter]);
    const other = await server.request({ method: 'POST', url: '/api/userpref', token, payload: { PersonnelId: PersonnelId + 1, HomeLocationId: 111 } });
    expect(other.statusCode).toBe(403);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const token = await server.employeeToken('issuer@demo.test');
    const before = (await server.request({ method: 'GET', url: '/api/user?Email=issuer@demo.test', token })).json();
    const cases: [unknown, RegExp][] = [
      [{ PersonnelId: before.PersonnelId }, /must say what to change/],
      [{ PersonnelId: before.PersonnelId, HomeLocationId: 'north' }, /HomeLocationId must be a whole number/],
      [{ PersonnelId: before.PersonnelId, Colour: 'red' }, /Colour is not a field this request accepts/],
      [{ PersonnelId: before.PersonnelId, Filters: [{ Id: 'x', Name: '', Active: true, Filter: {} }] }, /Filters\[0\]\.Name must not be empty/],
    ];
    for (const [payload, message] of cases) {
      const response = await server.request({ method: 'POST', url: '/api/userpref', token, payload: payload as object });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const invalidJson = await server.request({ method: 'POST', url: '/api/userpref', token, headers: { 'content-type': 'application/json' }, payload: '{"PersonnelId":' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().message).toBe('The request body is not valid JSON.');
    // Past what the database stores, and in the address: each refused with a sentence, not a fault.
    const tooLarge = await server.request({ method: 'PUT', url: '/api/settings/sites/1e308', token: await server.employeeToken('admin@demo.test'), payload: { plotPlanEnabled: false, workOrdersEnabled: true, copyEnabled: true } });
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([400, 'siteId must be at most 2147483647.']);
    const longAddress = await server.request({ method: 'GET', url: `/api/users/${'x'.repeat(600)}`, token });
    expect([longAddress.statusCode, longAddress.json().message]).toEqual([414, 'A part of the address is too long.']);
    const badQuery = await server.request({ method: 'GET', url: '/api/printer?LocationId=abc', token });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toBe('LocationId must be a whole number.');
    const after = (await server.request({ method: 'GET', url: '/api/user?Email=issuer@demo.test', token })).json();
    expect(after).toEqual(before);
  });

  it('serves settings, location metadata and printers', async () => {
    const token = await server.contractorToken('contractor@demo.test');
    const settings = (await server.request({ method: 'GET', url: '/api/settings', token })).json();
    expect(settings).toMatchObject({ outagewarningbanner: { Title: 'Planned maintenance' }, outagebanner: null, workOrdersEnabled: true });
    const metadata = (await server.request({ method: 'GET', url: '/api/locationmetadata?LocationId=111', token })).json();
    expect(metadata).toMatchObject({ LocationId: 111, UsesWorkOrders: true, CopyEnabled: true, GasReadingsEditableWhenApproved: true });
    const printers = (await server.request({ method: 'GET', url: '/api/printer?LocationId=111', token })).json();
    expect(printers.PrinterList.map((p: { Name: string }) => p.Name)).toEqual(['Bayport Control Room', 'Crude Unit Office']);
    const missing = await server.request({ method: 'GET', url: '/api/printer?LocationId=999', token });
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown API routes with JSON 404 and serves the app for every other path', async () => {
    const api = await server.request({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no API route GET /api/nothing-here.' });
    const page = await server.request({ method: 'GET', url: '/permits/search?State=APPROVED' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>OpenPermit</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await server.request({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
  });
});
