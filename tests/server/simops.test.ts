import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDataDocument, SimopsSettings } from '../../schemas';
import { DEFAULT_SIMOPS_MATRIX } from '../../domain/simops/matrix';
import { DATABASE_KINDS, type TestServer } from './harness';
import { actOn, createPermit, footprint, permitOf, signInCast, startPermitServer, type Cast, type PermitType } from './permitFactories';

describe.each(DATABASE_KINDS)('SIMOPS at approval on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 300_000);
  afterAll(() => server.close());

  /** A submitted permit at location 111 (on Bayport's plot plan, site 1, seeded at 0.5 m a unit), placed at [Latitude, Longitude]. */
  async function placed(type: PermitType, at: [number, number]): Promise<{ id: string; ref: string }> {
    const id = await createPermit(server, as.contractor, { type });
    const moved = await server.request({ method: 'PUT', url: '/api/permitinstance', token: as.contractor, payload: { PermitInstanceId: id, Latitude: at[0], Longitude: at[1] } });
    expect(moved.statusCode, moved.body).toBe(200);
    return { id, ref: (await permitOf(server, as.contractor, id)).PermitInstanceReferenceId };
  }
  const approve = async (id: string, comment?: string) => {
    expect((await actOn(server, as.issuer, id, 'PermitIssuer')).statusCode).toBe(200);
    return actOn(server, as.issuer, id, 'OperationsSupervisor', 'Approval', comment);
  };
  const putMatrix = (token: string, payload: object, site = 1) => server.request({ method: 'PUT', url: `/api/simops/sites/${site}`, token, payload });
  const calibrate = (token: string, payload: object) => server.request({ method: 'POST', url: '/api/simops/scale', token, payload });

  it('refuses to approve hot work beside a confined space entry, naming it, and changes nothing', async () => {
    const entry = await placed('ConfinedSpace', [600, 100]);
    const hot = await placed('HotWork', [600, 120]);
    expect((await actOn(server, as.issuer, hot.id, 'PermitIssuer')).statusCode).toBe(200);
    const before = await footprint(server, hot.id);
    const refused = await actOn(server, as.issuer, hot.id, 'OperationsSupervisor', 'Approval', 'Looks fine');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Permit ${hot.ref} cannot be approved: ${entry.ref} (ConfinedSpace) is 10 m away while both are active, within the 15 m the site's SIMOPS matrix sets for HotWork beside ConfinedSpace, which is not allowed. Move the work further apart or change when one of them runs.`,
    );
    expect(await footprint(server, hot.id)).toEqual(before);
  });

  it('asks for a comment acknowledging two hot-work jobs within 10 m, and keeps it in the history naming the other', async () => {
    const first = await placed('HotWork', [620, 300]);
    const second = await placed('HotWork', [620, 315]);
    const bare = await approve(second.id);
    expect(bare.statusCode).toBe(409);
    expect(bare.json().message).toBe(
      `Permit ${second.ref} needs a SIMOPS review: ${first.ref} (HotWork) is 8 m away while both are active, within the 10 m the site's SIMOPS matrix sets for HotWork beside HotWork. Approve with a comment that acknowledges it.`,
    );
    const acknowledged = await actOn(server, as.issuer, second.id, 'OperationsSupervisor', 'Approval', 'Spoke to both crews: screens up between them.');
    expect(acknowledged.json()).toMatchObject({ State: 'APPROVED' });
    const [event] = await server.db.query<{ action: string; actor_name: string; detail: Record<string, unknown> }>(
      `select action, actor_name, detail from audit_log where subject_type = 'permit' and subject_id = $1 order by id desc limit 1`, [second.id]);
    expect(event).toMatchObject({
      action: 'permit.approval.approval', actor_name: 'Priya Raman',
      detail: expect.objectContaining({ SimopsAcknowledged: [{ PermitInstanceId: first.id, reference: first.ref, rule: 'review', distanceM: 7.5, separationM: 10 }] }),
    });
  });

  it('lets work far enough apart be approved without a word', async () => {
    await placed('ConfinedSpace', [400, 900]);
    const far = await placed('HotWork', [400, 800]);
    expect((await approve(far.id)).json()).toMatchObject({ State: 'APPROVED' });
  });

  it('takes a site’s own matrix, from administrators only, and sends it to devices with the site data', async () => {
    const strict = { Rules: [{ A: 'HotWork', B: 'HotWork', Rule: 'block', SeparationM: 50 }], Hazards: DEFAULT_SIMOPS_MATRIX.Hazards };
    expect((await putMatrix(as.issuer, strict)).statusCode).toBe(403);
    expect((await putMatrix(as.admin, strict, 999)).json().message).toBe('There is no site with id 999.');
    const bad = await putMatrix(as.admin, { Rules: [{ A: 'ColdWork', B: 'ColdWork', Rule: 'maybe', SeparationM: 50 }], Hazards: [] });
    expect(bad.statusCode).toBe(400);
    const saved = await putMatrix(as.admin, strict);
    expect(saved.statusCode, saved.body).toBe(200);
    const hot = await placed('HotWork', [100, 100]);
    const other = await placed('HotWork', [100, 150]);
    expect((await approve(other.id)).json().message).toMatch(new RegExp(`^Permit ${other.ref} cannot be approved: ${hot.ref} \\(HotWork\\) is 25 m away`));
    const sitedata = await server.request({ method: 'GET', url: '/api/sync/sitedata?limit=1000', token: as.contractor });
    const setting = sitedata.json<{ documents: SiteDataDocument[] }>().documents.find((d) => d.id === 'setting:simops:1');
    expect(setting?.data).toEqual({ ...strict, PlanScales: { 100: 0.5 } });
    expect((await putMatrix(as.admin, DEFAULT_SIMOPS_MATRIX)).statusCode).toBe(200);
  });

  it('calibrates a plot plan from two points and their distance, and measures with it', async () => {
    expect((await calibrate(as.issuer, { LocationId: 100, From: { Latitude: 10, Longitude: 10 }, To: { Latitude: 10, Longitude: 510 }, DistanceM: 1000 })).statusCode).toBe(403);
    expect((await calibrate(as.admin, { LocationId: 100, From: { Latitude: 10, Longitude: 10 }, To: { Latitude: 10, Longitude: 15 }, DistanceM: 10 })).json().message).toBe(
      'The two points are too close together to measure a scale: pick two points at least 10 map units apart, far apart on the drawing.');
    expect((await calibrate(as.admin, { LocationId: 111, From: { Latitude: 10, Longitude: 10 }, To: { Latitude: 10, Longitude: 510 }, DistanceM: 1000 })).statusCode).toBe(400);
    const calibrated = await calibrate(as.admin, { LocationId: 100, From: { Latitude: 10, Longitude: 10 }, To: { Latitude: 10, Longitude: 510 }, DistanceM: 1000 });
    expect(calibrated.json<SimopsSettings>().PlanScales).toEqual({ 100: 2 });
    // 20 units were 10 m at the demo's scale; now they are 40 m, beyond the 15 m of the rule.
    await placed('ConfinedSpace', [200, 600]);
    const hot = await placed('HotWork', [200, 620]);
    expect((await approve(hot.id)).json()).toMatchObject({ State: 'APPROVED' });
  });
});
