import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermitsByStateReport } from '../../schemas';
import { DATABASE_KINDS, type TestServer } from './harness';
import { createPermit, signInCast, startPermitServer, type Cast } from './permitFactories';

describe.each(DATABASE_KINDS)('the permits-by-state report on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  const report = async (token: string, query = '') => {
    const response = await server.request({ method: 'GET', url: `/api/reports/permits-by-state${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PermitsByStateReport>();
  };
  const countsAt = (r: PermitsByStateReport, locationId: number) => r.Locations.find((l) => l.LocationId === locationId)?.Counts;

  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 180_000);
  afterAll(() => server.close());

  it('counts the seeded permits by location, then state, within the locations the user may view', async () => {
    // The viewer's home is the Crude Unit: its two units, not the Hydrotreater (121) or Northfield.
    const viewer = await report(as.viewer);
    expect(viewer.Locations.map((l) => l.LocationId)).toEqual([111, 112]);
    expect(countsAt(viewer, 111)).toEqual({ APPROVED: 1, DRAFT: 1, PENDING: 1, REJECTED: 1, TIMEOUT: 1 });
    expect(countsAt(viewer, 112)).toEqual({ APPROVED: 1, COMPLETED: 1, 'PRE-APPROVAL': 1, REVOKED: 1 });
    expect(viewer.Total).toBe(9);
    expect(viewer.Locations.map((l) => l.Total)).toEqual([5, 4]);

    // The administrator's home is the refinery: the whole of Bayport, and none of Northfield.
    const admin = await report(as.admin);
    expect(admin.Locations.map((l) => l.LocationId)).toEqual([111, 112, 121]);
    expect(countsAt(admin, 121)).toEqual({ CLOSING: 1, PENDING: 1 });

    // The contractor is at home in Atmospheric Distillation only.
    expect((await report(as.contractor)).Locations.map((l) => l.LocationId)).toEqual([111]);
    // No View permission: nothing to report.
    expect(await report(as.noaccess)).toEqual({ Locations: [], Total: 0 });
  });

  it('follows new permits, and filters by state', async () => {
    const before = await report(as.viewer);
    await createPermit(server, as.contractor, { locationId: 111 });
    await createPermit(server, as.contractor, { locationId: 111 });
    await createPermit(server, as.issuer, { locationId: 121 });
    const after = await report(as.viewer);
    expect(countsAt(after, 111)!.PENDING).toBe(countsAt(before, 111)!.PENDING! + 2);
    expect(after.Total).toBe(before.Total + 2);
    expect(after.Locations.some((l) => l.LocationId === 121)).toBe(false);

    const open = await report(as.viewer, '?State=PENDING&State=APPROVED');
    expect(open.Locations.map((l) => [l.LocationId, l.Counts])).toEqual([
      [111, { APPROVED: 1, PENDING: 3 }],
      [112, { APPROVED: 1 }],
    ]);
    expect(open.Total).toBe(5);
  });

  it('answers a state it does not know, or no token, with a sentence', async () => {
    const bad = await server.request({ method: 'GET', url: '/api/reports/permits-by-state?State=OPENED', token: as.viewer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/State/);
    const anonymous = await server.request({ method: 'GET', url: '/api/reports/permits-by-state' });
    expect(anonymous.statusCode).toBe(401);
  });
});
