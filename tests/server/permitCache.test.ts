import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { buildApprovals, buildPermit, Replica } from './syncFactories';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('permit cache clear on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let issuer: string;
  let editor: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    issuer = await server.employeeToken('issuer@demo.test');
    const permissions: Permission[] = ([82, 84, 83] as const).map((PermissionTypeId) => ({ PermissionTypeId, Locations: [100] }));
    await server.db.query(`insert into users (email, kind, first_name, last_name, site_id, permissions, preferences) values ('cache.editor@demo.test', 'employee', 'Cache', 'Editor', 1, $1, '{"HomeLocationId": 100}')`, [
      JSON.stringify(permissions),
    ]);
    editor = await server.employeeToken('cache.editor@demo.test');
  });
  afterAll(() => server.close());

  const clear = (payload: object, token = editor) => server.request({ method: 'PATCH', url: '/api/permits/search/all', token, payload });
  const refusal = async (payload: object, token = editor) => {
    const response = await clear(payload, token);
    return [response.statusCode, response.json().message];
  };

  it('sends the matching permits (state, creation day, site), their approvals with them, to every replica again, and nothing else', async () => {
    const approvedRecent = await buildPermit(server.db, { state: 'APPROVED', createdAgo: '2 days' });
    await buildApprovals(server.db, approvedRecent);
    const approvedOld = await buildPermit(server.db, { state: 'APPROVED', createdAgo: '12 days' });
    await buildPermit(server.db, { state: 'PENDING', createdAgo: '2 days' });
    await buildPermit(server.db, { state: 'APPROVED', createdAgo: '2 days', locationId: 211 });
    const permits = new Replica(server, editor, 'permits', 'PermitInstanceId');
    await permits.pull();
    expect(permits.docs.has(approvedOld)).toBe(true);

    const response = await clear({ States: ['APPROVED'], StartDate: day(-5), EndDate: day(0), SiteId: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ Permits: 1 });
    const again = (await permits.pull()).flatMap((p) => p.documents);
    expect(again.map((d) => d.PermitInstanceId)).toEqual([approvedRecent]);
    expect(again[0]).toMatchObject({ Approvals: [expect.objectContaining({ ApprovalName: 'AreaAuthority' })] });

    // Without dates: every permit of those states at the site.
    expect((await clear({ States: ['APPROVED', 'PENDING'], StartDate: null, EndDate: null, SiteId: 1 })).json()).toEqual({ Permits: 3 });
    expect((await permits.pull()).flatMap((p) => p.documents)).toHaveLength(3);
  });

  it('refuses with the messages of SPEC §5', async () => {
    const cases: [object, string][] = [
      [{ States: [], StartDate: null, EndDate: null, SiteId: 1 }, 'Please select at least one state'],
      [{ States: ['APPROVED'], StartDate: null, EndDate: day(-1), SiteId: 1 }, 'Please select From Date'],
      [{ States: ['APPROVED'], StartDate: day(-1), EndDate: day(-1), SiteId: 1 }, 'Please select valid From and To Date'],
      [{ States: ['APPROVED'], StartDate: day(-1), EndDate: day(-3), SiteId: 1 }, 'Please select valid From and To Date'],
      [{ States: ['APPROVED'], StartDate: day(-1), EndDate: day(1), SiteId: 1 }, 'Dates cannot be in the future'],
      [{ States: ['DRAFT'], StartDate: null, EndDate: null, SiteId: 1 }, 'Only these states can be cleared: PRE-APPROVAL, PENDING, APPROVED, CLOSING, TIMEOUT, REJECTED, COMPLETED, REVOKED.'],
      [{ States: ['APPROVED'], StartDate: '2026/01/01', EndDate: null, SiteId: 1 }, 'StartDate must be a date written as YYYY-MM-DD.'],
    ];
    for (const [body, message] of cases) expect(await refusal(body)).toEqual([400, message]);
  });

  it('refuses without forms edit at the site (403), at another site (403), an unknown site (404) and no token (401)', async () => {
    const body = { States: ['APPROVED'], StartDate: null, EndDate: null };
    expect(await refusal({ ...body, SiteId: 1 }, issuer)).toEqual([403, 'You do not have permission to change the permit cache of Bayport Refinery.']);
    expect(await refusal({ ...body, SiteId: 2 })).toEqual([403, 'You do not have permission to change the permit cache of Northfield Chemicals.']);
    expect(await refusal({ ...body, SiteId: 9 })).toEqual([404, 'There is no site with id 9.']);
    expect((await server.request({ method: 'PATCH', url: '/api/permits/search/all', payload: { ...body, SiteId: 1 } })).statusCode).toBe(401);
    expect((await clear({ ...body, SiteId: 2 }, admin)).statusCode).toBe(200);
  });
});
