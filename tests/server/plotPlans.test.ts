import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../schemas';
import { DATABASE_KINDS, type TestServer } from './harness';
import { signInCast, startPermitServer, type Cast } from './permitFactories';
import { Replica } from './syncFactories';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(DATABASE_KINDS)('plot plans on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  const get = (token: string | undefined, query: string) => server.request({ method: 'GET', url: `/api/plotplan?${query}`, token });
  const upload = (token: string, payload: object) => server.request({ method: 'POST', url: '/api/plotplan', token, payload });

  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 180_000);
  afterAll(() => server.close());

  it('serves the seeded drawing of a site to those who may view permits there, and to nobody else', async () => {
    const bayport = await get(as.viewer, 'LocationId=100&Version=1');
    expect(bayport.statusCode).toBe(200);
    expect(bayport.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(bayport.body).toContain('BAYPORT REFINERY');
    expect(bayport.body).toContain('PIPE RACK');
    // The viewer has no permission at Northfield; nor has a user with no permissions anywhere.
    const northfield = await get(as.viewer, 'LocationId=200&Version=1');
    expect(northfield.statusCode).toBe(403);
    expect(northfield.json().message).toBe('You do not have permission to view permits at Northfield Chemicals.');
    expect((await get(as.noaccess, 'LocationId=100&Version=1')).statusCode).toBe(403);
    expect((await get(undefined, 'LocationId=100&Version=1')).statusCode).toBe(401);
    expect((await get(as.admin, 'LocationId=200&Version=1')).body).toContain('NORTHFIELD CHEMICALS');
    const missing = await get(as.viewer, 'LocationId=100&Version=9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Bayport Refinery has no plot plan version 9.');
  });

  it('takes a new version from a forms editor and makes it current; refuses others and files that are not images', async () => {
    // A device of a Bayport user, up to date before the upload.
    const device = new Replica(server, as.viewer, 'sitedata', 'id');
    await device.pull();
    const body = { LocationId: 100, FileName: 'bayport-2027.png', ContentType: 'image/png', Data: PNG.toString('base64') };
    expect((await upload(as.viewer, body)).statusCode).toBe(403);
    const notPng = await upload(as.admin, { ...body, Data: Buffer.from('hello').toString('base64') });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toMatch(/not a PNG image/);
    const scripted = await upload(as.admin, { ...body, ContentType: 'image/svg+xml', Data: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') });
    expect(scripted.statusCode).toBe(400);

    const created = await upload(as.admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.json<Location>();
    expect(location.CurrentPlotPlan).toBe(2);
    expect(location.PlotPlans.map((p) => [p.Version, p.FileName])).toEqual([[1, 'bayport-refinery-plot-plan.svg'], [2, 'bayport-2027.png']]);
    const served = await get(as.viewer, 'LocationId=100&Version=2');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The location list carries the new version too...
    const list = await server.request({ method: 'GET', url: '/api/location?IncludeSublocations=true', token: as.viewer });
    expect(list.json<{ LocationList: Location[] }>().LocationList.find((l) => l.LocationId === 100)?.CurrentPlotPlan).toBe(2);
    // ...and so does the device's next pull: the upload restamped the location (DateChanged), so it comes again.
    const changed = (await device.pull()).flatMap((p) => p.documents);
    const pulled = changed.find((d) => d.id === 'location:100') as { data: Location; DateChanged: string } | undefined;
    expect(pulled?.data.CurrentPlotPlan).toBe(2);
    expect(pulled?.data.PlotPlans.map((p) => p.FileName)).toEqual(['bayport-refinery-plot-plan.svg', 'bayport-2027.png']);
    const before = device.received.find((d) => d.id === 'location:100') as { DateChanged: string };
    expect(pulled!.DateChanged > before.DateChanged).toBe(true);
  });
});
