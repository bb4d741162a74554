import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { Replica } from './syncFactories';

describe.each(DATABASE_KINDS)('lists API on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  /** Forms edit (83) at Bayport only. */
  let editor: string;
  /** Forms view (84) at Bayport: reads lists, changes none. */
  let issuer: string;
  let noaccess: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    issuer = await server.employeeToken('issuer@demo.test');
    noaccess = await server.employeeToken('noaccess@demo.test');
    editor = await buildEmployee('lists.editor@demo.test', [{ PermissionTypeId: 84, Locations: [100] }, { PermissionTypeId: 83, Locations: [100] }]);
  });
  afterAll(() => server.close());

  async function buildEmployee(email: string, permissions: Permission[]): Promise<string> {
    await server.db.query(`insert into users (email, kind, first_name, last_name, site_id, permissions, preferences) values ($1, 'employee', 'List', 'Editor', 1, $2, '{"HomeLocationId": 100}')`, [
      email, JSON.stringify(permissions),
    ]);
    return server.employeeToken(email);
  }

  const post = (site: number, key: string, items: unknown, token = editor, query = '') =>
    server.request({ method: 'POST', url: `/api/lists/${site}/${encodeURIComponent(key)}${query}`, token, payload: items as object });
  const get = (url: string, token = editor) => server.request({ method: 'GET', url: `/api/lists/${url}`, token });
  const del = (url: string, token = editor) => server.request({ method: 'DELETE', url: `/api/lists/${url}`, token });
  const refusal = (response: { statusCode: number; json: () => { message: string } }) => [response.statusCode, response.json().message];

  it('lists the seeded lists of a site, and one list by key', async () => {
    const all = await get('1');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().Lists.map((l: { FieldKey: string }) => l.FieldKey)).toEqual(['Companies', 'GasDetectors', 'HotWorkTypes', 'IsolationTypes', 'RescueServices']);
    const one = await get('1/HotWorkTypes', issuer);
    expect(one.json()).toMatchObject({ SiteId: 1, FieldKey: 'HotWorkTypes', ListItems: expect.arrayContaining([{ Label: 'Welding', Value: 'Welding' }]) });
    expect(refusal(await get('1/NoSuchList'))).toEqual([404, 'There is no list "NoSuchList" at this site.']);
  });

  it('adds a list with its first item; the key rules and messages of SPEC §5', async () => {
    const created = await post(1, 'Gas_Testers-2.a', [{ Label: 'Dana Cole', Value: 'dcole' }], editor, '?Mode=create');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ SiteId: 1, FieldKey: 'Gas_Testers-2.a', ListItems: [{ Label: 'Dana Cole', Value: 'dcole' }] });

    const cases: [string, unknown, number, string][] = [
      ['Gas_Testers-2.a', [{ Label: 'X', Value: 'x' }], 409, 'A list already exists with this key'],
      ['bad key', [{ Label: 'X', Value: 'x' }], 400, 'Key can only include letters, numbers and underscores'],
      ['-leading', [{ Label: 'X', Value: 'x' }], 400, 'Key can only include letters, numbers and underscores'],
      ['trailing.', [{ Label: 'X', Value: 'x' }], 400, 'Key can only include letters, numbers and underscores'],
      [' ', [{ Label: 'X', Value: 'x' }], 400, 'Key is required'],
      ['NoItems', [], 400, 'A list needs a first item: add its Label and Value.'],
      ['NoLabel', [{ Label: '  ', Value: 'x' }], 400, 'Label is required'],
      ['NoValue', [{ Label: 'X', Value: '' }], 400, 'Value is required'],
      ['Twice', [{ Label: 'A', Value: 'same' }, { Label: 'B', Value: 'same' }], 400, 'An item with this value already exists'],
    ];
    for (const [key, items, status, message] of cases) {
      expect([key, ...refusal(await post(1, key, items, editor, '?Mode=create'))]).toEqual([key, status, message]);
    }
    expect(refusal(await post(1, 'Extra', [{ Label: 'X', Value: 'x', Colour: 'red' }]))).toEqual([400, 'Colour is not a field this request accepts.']);
    const keys = (await get('1')).json().Lists.map((l: { FieldKey: string }) => l.FieldKey);
    expect(keys).not.toContain('NoItems');
    expect(keys).not.toContain('Twice');
  });

  it('adds, upserts, replaces and deletes items; a value stays unique in its list', async () => {
    await post(1, 'Testers', [{ Label: 'Dana Cole', Value: 'dcole' }], editor, '?Mode=create');
    expect((await post(1, 'Testers', [{ Label: 'Ravi Shah', Value: 'rshah' }], editor, '?Mode=add')).statusCode).toBe(200);
    expect(refusal(await post(1, 'Testers', [{ Label: 'Another Dana', Value: 'dcole' }], editor, '?Mode=add'))).toEqual([409, 'An item with this value already exists']);
    // The default (SPEC §7) upserts by Value: the label changes, the place is kept.
    const upserted = await post(1, 'Testers', [{ Label: 'Dana Cole-Ruiz', Value: 'dcole' }]);
    expect(upserted.json().ListItems).toEqual([{ Label: 'Dana Cole-Ruiz', Value: 'dcole' }, { Label: 'Ravi Shah', Value: 'rshah' }]);
    // An item edited with a new value replaces the old one in place, unless the value is taken.
    expect(refusal(await post(1, 'Testers', [{ Label: 'Ravi', Value: 'dcole' }], editor, '?Replace=rshah'))).toEqual([409, 'An item with this value already exists']);
    const replaced = await post(1, 'Testers', [{ Label: 'Ravi Shah', Value: 'ravi.shah' }], editor, '?Replace=rshah');
    expect(replaced.json().ListItems).toEqual([{ Label: 'Dana Cole-Ruiz', Value: 'dcole' }, { Label: 'Ravi Shah', Value: 'ravi.shah' }]);

    const removed = await del('1/Testers/dcole');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().ListItems).toEqual([{ Label: 'Ravi Shah', Value: 'ravi.shah' }]);
    expect(refusal(await del('1/Testers/dcole'))).toEqual([404, 'The list "Testers" has no item with the value "dcole".']);
    expect((await del('1/Testers/ravi.shah')).statusCode).toBe(409);

    expect((await del('1/Testers')).statusCode).toBe(204);
    expect((await get('1/Testers')).statusCode).toBe(404);
    expect(refusal(await del('1/Testers'))).toEqual([404, 'There is no list "Testers" at this site.']);
    // The key is free again once the list is gone.
    expect((await post(1, 'Testers', [{ Label: 'New', Value: 'new' }], editor, '?Mode=create')).statusCode).toBe(201);
  });

  it('refuses people without forms edit at the site (403), another site (403), an unknown site (404), and no token (401)', async () => {
    const item = [{ Label: 'X', Value: 'x' }];
    const cannotChange = 'You do not have permission to change the lists of Bayport Refinery.';
    expect(refusal(await post(1, 'ByIssuer', item, issuer))).toEqual([403, cannotChange]);
    expect(refusal(await del('1/Companies', issuer))).toEqual([403, cannotChange]);
    expect(refusal(await del('1/Companies/Bayou%20Scaffolding', issuer))).toEqual([403, cannotChange]);
    expect(refusal(await post(2, 'OtherSite', item, editor))).toEqual([403, 'You do not have permission to change the lists of Northfield Chemicals.']);
    expect(refusal(await get('2', editor))).toEqual([403, 'You do not have permission to view the lists of Northfield Chemicals.']);
    expect(refusal(await get('1', noaccess))).toEqual([403, 'You do not have permission to view the lists of Bayport Refinery.']);
    expect(refusal(await get('9'))).toEqual([404, 'There is no site with id 9.']);
    expect((await server.request({ method: 'GET', url: '/api/lists/1' })).statusCode).toBe(401);
    // The administrator may change every site's lists.
    expect((await post(2, 'Northfield_Only', item, admin, '?Mode=create')).statusCode).toBe(201);
    const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from lists where field_key in ('ByIssuer', 'OtherSite')`);
    expect(row?.n).toBe(0);
  });

  it('reaches replicas: a list document of the site, and the location metadata offering it to the forms', async () => {
    const replica = new Replica(server, issuer, 'sitedata', 'id');
    await replica.pull();
    expect(replica.docs.get('list:1:Companies')).toMatchObject({ type: 'list', data: { SiteId: 1, FieldKey: 'Companies' } });
    // The issuer works at Bayport only: no lists of Northfield.
    expect([...replica.docs.keys()].filter((id) => id.startsWith('list:2:'))).toEqual([]);

    await post(1, 'Scaffolders', [{ Label: 'Bayou Scaffolding', Value: 'bayou' }], editor, '?Mode=create');
    const changed = (await replica.pull()).flatMap((p) => p.documents);
    expect(changed.find((d) => d.id === 'list:1:Scaffolders')).toMatchObject({ data: { ListItems: [{ Label: 'Bayou Scaffolding', Value: 'bayou' }] } });
    const metadata = changed.find((d) => d.id === 'locationmetadata:110') as { data: { Lists: { FieldKey: string }[] } } | undefined;
    expect(metadata?.data.Lists.map((l) => l.FieldKey)).toContain('Scaffolders');

    await del('1/Scaffolders');
    const gone = (await replica.pull()).flatMap((p) => p.documents);
    expect(gone.find((d) => d.id === 'list:1:Scaffolders')).toMatchObject({ _deleted: true });
    expect(replica.docs.has('list:1:Scaffolders')).toBe(false);
    const response = await server.request({ method: 'GET', url: '/api/locationmetadata?LocationId=110', token: issuer });
    expect(response.json().Lists.map((l: { FieldKey: string }) => l.FieldKey)).not.toContain('Scaffolders');
  });
});
