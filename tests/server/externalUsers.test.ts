import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';

const EXISTS = 'A user already exists with this email address.';

describe.each(DATABASE_KINDS)('external users API on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let issuer: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    issuer = await server.employeeToken('issuer@demo.test');
  });
  afterAll(() => server.close());

  let people = 0;
  const userFields = (overrides: Record<string, unknown> = {}) => ({
    EmailAddress: `person${++people}@example.test`, SiteId: 1, ActiveFlag: true, FirstName: 'Jo', LastName: `Lee ${people}`, Company: 'Acme', ...overrides,
  });
  const invite = (payload: object, token = admin) => server.request({ method: 'POST', url: '/api/users', token, payload });
  const fetchUser = (idOrEmail: string | number, token = admin) => server.request({ method: 'GET', url: `/api/users/${idOrEmail}`, token });
  const patch = (id: number, operations: unknown, ifMatch?: string, token = admin) =>
    server.request({ method: 'PATCH', url: `/api/users/${id}`, token, headers: ifMatch ? { 'if-match': ifMatch } : {}, payload: operations as object });
  const userCount = async () => (await server.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

  /** An employee with exactly these permissions (factory: Outline's buildUser). */
  async function buildEmployee(email: string, permissions: Permission[]): Promise<string> {
    await server.db.query(`insert into users (email, kind, first_name, last_name, site_id, permissions) values ($1, 'employee', 'Test', 'Employee', 1, $2)`, [
      email, JSON.stringify(permissions),
    ]);
    return server.employeeToken(email);
  }

  it('invites an external user: 201, PENDING, trimmed address, the grants as permissions, audited', async () => {
    const response = await invite(userFields({ EmailAddress: '  Sam.Ortiz@Example.test ', StreetAddress: '1 Dock Rd', L: 'Houston', State: 'TX', PostalCode: '77001', Country: 'USA', CanEdit: [111, 111], CanPrint: [110] }));
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      EmailAddress: 'Sam.Ortiz@Example.test', SiteId: 1, DisplayState: 'PENDING', ActiveFlag: true, DeleteFlag: false, SignupInitiated: true, SignupComplete: false,
      SysAdminFlag: false, StreetAddress: '1 Dock Rd', L: 'Houston', State: 'TX', PostalCode: '77001', Country: 'USA', CanEdit: [111], CanPrint: [110],
    });
    expect(user.Permissions).toEqual([
      { PermissionTypeId: 82, Locations: [100] },
      { PermissionTypeId: 85, Locations: [111] },
      { PermissionTypeId: 87, Locations: [110] },
    ]);
    expect(response.headers.location).toBe(`/api/users/${user.PersonnelId}`);
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const [audit] = await server.db.query<{ detail: object }>(`select detail from audit_log where action = 'externalUser.invite' and personnel_id = (select personnel_id from users where email = 'admin@demo.test')`);
    expect(audit?.detail).toEqual({ PersonnelId: user.PersonnelId, SiteId: 1 });
  });

  it('refuses an invitation with a sentence, and creates no one', async () => {
    const before = await userCount();
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    const cases: [object, number, string][] = [
      [userFields({ Company: undefined }), 400, 'Company is required.'],
      [userFields({ FirstName: '   ' }), 400, 'FirstName must not be empty.'],
      [userFields({ EmailAddress: 'not-an-address' }), 400, 'EmailAddress must be a valid email address.'],
      [userFields({ Country: 'GBR' }), 400, 'Country has a value that is not allowed.'],
      [userFields({ AccessExpiresDate: yesterday }), 400, 'AccessExpiresDate must not be before today.'],
      [userFields({ AccessExpiresDate: '2099-02-30' }), 400, 'AccessExpiresDate must be a date written as YYYY-MM-DD.'],
      [userFields({ AccessExpiresDate: '31/12/2099' }), 400, 'AccessExpiresDate must be a date written as YYYY-MM-DD.'],
      [userFields({ CanEdit: [130] }), 400, 'Tank Farm cannot be granted: permitting is not enabled there.'],
      [userFields({ CanPrint: [211] }), 400, "Synthesis Loop is not at Bayport Refinery, the user's site."],
      [userFields({ CanEdit: [999] }), 400, 'There is no location with id 999.'],
      [userFields({ SiteId: 9 }), 400, 'SiteId 9 is not a site of this company.'],
      [userFields({ Colour: 'red' }), 400, 'Colour is not a field this request accepts.'],
      [userFields({ EmailAddress: ' CONTRACTOR@demo.test ' }), 409, EXISTS],
      [userFields({ EmailAddress: 'issuer@demo.test' }), 409, EXISTS],
    ];
    for (const [payload, status, message] of cases) {
      const response = await invite(payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const empty = await server.request({ method: 'POST', url: '/api/users', token: admin });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'The request body must not be empty.' });
    expect(await userCount()).toBe(before);
  });

  it('administration needs forms view at the site: viewers and contractors get 403', async () => {
    const viewer = await server.employeeToken('viewer@demo.test');
    const contractor = await server.contractorToken('contractor@demo.test');
    const { PersonnelId } = (await fetchUser('contractor@demo.test')).json();
    const requests = [
      { method: 'GET', url: '/api/users' },
      { method: 'POST', url: '/api/users', payload: {} },
      { method: 'GET', url: `/api/users/${PersonnelId}` },
      { method: 'PATCH', url: `/api/users/${PersonnelId}`, payload: [] },
      { method: 'POST', url: `/api/users/${PersonnelId}/invite` },
      { method: 'DELETE', url: `/api/users/${PersonnelId}` },
    ] as const;
    for (const token of [viewer, contractor]) {
      for (const request of requests) {
        const response = await server.request({ ...request, token });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(response.json().message).toBe('You do not have permission to administer external users.');
      }
    }
    expect((await fetchUser(PersonnelId)).json().DisplayState).toBe('ACTIVE');
  });

  it('a non-administrator with forms view administers only the sites listed under it', async () => {
    const northfield = (await invite(userFields({ SiteId: 2, CanEdit: [211] }))).json();
    const refused = await invite(userFields({ SiteId: 2 }), issuer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to administer external users at Northfield Chemicals.');
    expect((await fetchUser(northfield.PersonnelId, issuer)).statusCode).toBe(403);
    expect((await server.request({ method: 'DELETE', url: `/api/users/${northfield.PersonnelId}`, token: issuer })).statusCode).toBe(403);

    const listed = (await server.request({ method: 'GET', url: '/api/users?Limit=200', token: issuer })).json();
    expect(listed.UserList.length).toBeGreaterThan(0);
    expect(listed.UserList.every((u: { SiteId: number }) => u.SiteId === 1)).toBe(true);
    const all = (await server.request({ method: 'GET', url: '/api/users?Limit=200', token: admin })).json();
    expect(all.UserList.map((u: { PersonnelId: number }) => u.PersonnelId)).toContain(northfield.PersonnelId);
    expect((await invite(userFields({ CanEdit: [121] }), issuer)).statusCode).toBe(201);
  });

  it('grants only locations the inviter may view', async () => {
    const narrow = await buildEmployee(`narrow.${kind}@demo.test`, [
      { PermissionTypeId: 84, Locations: [100] },
      { PermissionTypeId: 82, Locations: [120] },
    ]);
    const refused = await invite(userFields({ CanEdit: [111] }), narrow);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Atmospheric Distillation cannot be granted: you do not have permission to view permits there.');
    const granted = await invite(userFields({ CanEdit: [121] }), narrow);
    expect(granted.statusCode).toBe(201);
    // What another administrator granted may stay when this one edits the user.
    const user = (await invite(userFields({ CanEdit: [111] }))).json();
    const etag = (await fetchUser(user.PersonnelId, narrow)).headers.etag as string;
    const kept = await patch(user.PersonnelId, [{ op: 'add', path: '/CanEdit', value: [111, 121] }], etag, narrow);
    expect(kept.json().CanEdit).toEqual([111, 121]);
  });

  it('lists external users a page at a time, with their display state', async () => {
    const first = await server.request({ method: 'GET', url: '/api/users?Limit=50&Page=0', token: admin });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ Limit: 50, Page: 0 });
    expect(page.Total).toBe(page.UserList.length);
    expect(page.UserList.find((u: { EmailAddress: string }) => u.EmailAddress === 'contractor@demo.test')).toMatchObject({ DisplayState: 'ACTIVE', Company: 'Gulf Coast Welding' });
    expect(page.UserList.some((u: { EmailAddress: string }) => u.EmailAddress === 'issuer@demo.test')).toBe(false);
    const second = (await server.request({ method: 'GET', url: '/api/users?Limit=1&Page=1', token: admin })).json();
    expect(second.UserList).toEqual([page.UserList[1]]);
    expect((await server.request({ method: 'GET', url: '/api/users', token: admin })).json().Limit).toBe(50);
    const bad = await server.request({ method: 'GET', url: '/api/users?Limit=0', token: admin });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: 'Limit must be at least 1.' });
  });

  it('finds one user by id or by email; employees and strangers are not found', async () => {
    const byEmail = await fetchUser(' Contractor@Demo.test');
    expect(byEmail.statusCode).toBe(200);
    const byId = await fetchUser(byEmail.json().PersonnelId);
    expect(byId.json()).toEqual(byEmail.json());
    expect(byId.headers.etag).toBe(byEmail.headers.etag);
    for (const missing of ['issuer@demo.test', 'nobody@demo.test', '999999']) {
      const response = await fetchUser(missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json().message).toBe(`There is no external user ${missing}.`);
    }
  });

  it('updates with patch operations, only when the user was fetched first', async () => {
    const user = (await invite(userFields({ StreetAddress: '9 Pier St', CanEdit: [111] }))).json();
    const operations = [
      { op: 'replace', path: '/Company', value: 'Acme Scaffolding' },
      { op: 'remove', path: '/StreetAddress' },
      { op: 'add', path: '/CanPrint', value: [121] },
      { op: 'replace', path: '/AccessExpiresDate', value: '2099-12-31' },
    ];
    const missing = await patch(user.PersonnelId, operations);
    expect(missing.statusCode).toBe(428);
    expect(missing.json().message).toBe('Fetch the user before updating it: send the ETag of the user you fetched in an If-Match header.');

    const fetched = await fetchUser(user.PersonnelId);
    const updated = await patch(user.PersonnelId, operations, fetched.headers.etag as string);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Company: 'Acme Scaffolding', CanEdit: [111], CanPrint: [121], AccessExpiresDate: '2099-12-31', DisplayState: 'PENDING' });
    expect(updated.json()).not.toHaveProperty('StreetAddress');
    expect(updated.headers.etag).not.toBe(fetched.headers.etag);
    expect((await fetchUser(user.PersonnelId)).json()).toEqual(updated.json());

    const stale = await patch(user.PersonnelId, [{ op: 'replace', path: '/Company', value: 'Old view' }], fetched.headers.etag as string);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toBe('This user was changed since you fetched it. Load the user again and reapply your changes.');

    // RFC 6902's own media type is accepted too.
    const asJsonPatch = await server.request({
      method: 'PATCH', url: `/api/users/${user.PersonnelId}`, token: admin,
      headers: { 'if-match': updated.headers.etag as string, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'replace', path: '/LastName', value: 'Lee-Smith' }]),
    });
    expect(asJsonPatch.json().LastName).toBe('Lee-Smith');
    const [audit] = await server.db.query<{ detail: { fields: string[] } }>(
      `select detail from audit_log where action = 'externalUser.update' and detail->>'PersonnelId' = $1 order by id`, [String(user.PersonnelId)]);
    expect(audit?.detail.fields.sort()).toEqual(['AccessExpiresDate', 'CanPrint', 'Company', 'StreetAddress']);
  });

  it('refuses a bad patch with a sentence and changes nothing', async () => {
    const user = (await invite(userFields())).json();
    const { headers, body } = await fetchUser(user.PersonnelId);
    const cases: [unknown, number, string][] = [
      [[{ op: 'replace', path: '/SysAdminFlag', value: true }], 400, 'Invalid user details: /SysAdminFlag is not a field that can be changed.'],
      [[{ op: 'remove', path: '/FirstName' }], 400, 'Invalid user details: FirstName is required and cannot be removed.'],
      [[{ op: 'replace', path: '/Company' }], 400, 'Invalid user details: the replace operation on /Company needs a value.'],
      [[{ op: 'replace', path: '/FirstName', value: ' ' }], 400, 'FirstName must not be empty.'],
      [[{ op: 'replace', path: '/Country', value: 'GBR' }], 400, 'Country has a value that is not allowed.'],
      [[{ op: 'replace', path: '/ActiveFlag', value: 'no' }], 400, 'ActiveFlag must be of type boolean.'],
      [[{ op: 'replace', path: '/AccessExpiresDate', value: '2000-01-01' }], 400, 'AccessExpiresDate must not be before today.'],
      [[{ op: 'add', path: '/CanEdit', value: [130] }], 400, 'Tank Farm cannot be granted: permitting is not enabled there.'],
      [[{ op: 'replace', path: '/EmailAddress', value: 'contractor@demo.test' }], 409, EXISTS],
      [[{ op: 'move', path: '/FirstName', from: '/LastName' }], 400, 'from is not a field this request accepts.'],
      [[], 400, 'The request must not be empty.'],
    ];
    for (const [operations, status, message] of cases) {
      const response = await patch(user.PersonnelId, operations, headers.etag as string);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await fetchUser(user.PersonnelId)).body).toBe(body);
  });

  it('resends an invitation only to a PENDING user', async () => {
    const pending = (await invite(userFields())).json();
    expect((await server.request({ method: 'POST', url: `/api/users/${pending.PersonnelId}/invite`, token: admin })).statusCode).toBe(204);
    const active = (await fetchUser('contractor@demo.test')).json();
    const refused = await server.request({ method: 'POST', url: `/api/users/${active.PersonnelId}/invite`, token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a user whose invitation is pending can be sent a new one; this user is ACTIVE.');
    expect((await server.request({ method: 'POST', url: '/api/users/999999/invite', token: admin })).statusCode).toBe(404);
  });

  it('disabling a contractor ends their access at once; enabling restores sign-in', async () => {
    const tokens = (await server.request({ method: 'POST', url: '/api/auth/signin', payload: { EmailAddress: 'contractor@demo.test', Password: 'Demo#2026' } })).json();
    const fetched = await fetchUser('contractor@demo.test');
    const id = fetched.json().PersonnelId;
    const disabled = await patch(id, [{ op: 'replace', path: '/ActiveFlag', value: false }], fetched.headers.etag as string);
    expect(disabled.json().DisplayState).toBe('DISABLED');
    expect((await server.request({ method: 'GET', url: '/api/settings', token: tokens.accessToken })).statusCode).toBe(401);
    expect((await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: tokens.refreshToken } })).statusCode).toBe(401);
    await expect(server.contractorToken('contractor@demo.test')).rejects.toThrow(/Incorrect email address or password/);

    const enabled = await patch(id, [{ op: 'replace', path: '/ActiveFlag', value: true }], disabled.headers.etag as string);
    expect(enabled.json().DisplayState).toBe('ACTIVE');
    await expect(server.contractorToken('contractor@demo.test')).resolves.toBeTruthy();
  });

  it('deletes a user: 204, DELETED in the list, audited; a deleted user can be restored', async () => {
    const user = (await invite(userFields())).json();
    const deleted = await server.request({ method: 'DELETE', url: `/api/users/${user.PersonnelId}`, token: admin });
    expect(deleted.statusCode).toBe(204);
    expect((await server.request({ method: 'DELETE', url: `/api/users/${user.PersonnelId}`, token: admin })).statusCode).toBe(204);
    const listed = (await server.request({ method: 'GET', url: '/api/users?Limit=200', token: admin })).json();
    expect(listed.UserList.find((u: { PersonnelId: number }) => u.PersonnelId === user.PersonnelId).DisplayState).toBe('DELETED');
    expect((await invite(userFields({ EmailAddress: user.EmailAddress }))).json().message).toBe(EXISTS);
    const audits = await server.db.query(`select 1 from audit_log where action = 'externalUser.delete' and detail->>'PersonnelId' = $1`, [String(user.PersonnelId)]);
    expect(audits).toHaveLength(1);

    const etag = (await fetchUser(user.PersonnelId)).headers.etag as string;
    const restored = await patch(user.PersonnelId, [{ op: 'replace', path: '/DeleteFlag', value: false }], etag);
    expect(restored.json().DisplayState).toBe('PENDING');
    expect((await server.request({ method: 'DELETE', url: '/api/users/999999', token: admin })).statusCode).toBe(404);
  });
});
