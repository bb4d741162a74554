import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuilderForm, PermitDefinition } from '../../schemas';
import { DATABASE_KINDS, type TestServer } from './harness';
import { createPermit, permitOf, post, signInCast, startPermitServer, type Cast } from './permitFactories';
import { addFormsEditor } from './templateFactories';

const NEW_FIELD = { type: 'textfield', key: 'dropZoneBarriers', label: 'Drop zone barriers in place', input: true, validate: { required: false } };

describe.each(DATABASE_KINDS)('the form builder and publishing on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  const get = (token: string, url: string) => server.request({ method: 'GET', url: `/api${url}`, token });
  const put = (token: string, url: string, payload?: object) => server.request({ method: 'PUT', url: `/api${url}`, token, ...(payload ? { payload } : {}) });
  const forms = async (token = as.admin) => {
    const response = await get(token, '/formio/forms');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BuilderForm[]>();
  };
  const bayport = async () => {
    const all = await forms();
    const form = all.find((f) => f.type === 'form' && f.properties.LocationId === 100)!;
    const hotWork = all.find((f) => f.type === 'resource' && f.properties.SiteId === 1 && f.name === 'HotWork')!;
    return { form, hotWork };
  };
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
  }, 180_000);
  afterAll(() => server.close());

  it('lists one form per definition in use, nesting its site’s resources, published as of the definition, to those who may view forms', async () => {
    const all = await forms();
    expect(all.filter((f) => f.type === 'form').map((f) => [f.properties.SiteId, f.properties.LocationId, f.title, f.status, f.publishedDefinitionId])).toEqual([
      [1, 100, 'Bayport Refinery Permits', 'Published', 'bayport-permits-v2'],
      [2, 200, 'Northfield Chemicals Permits', 'Published', 'northfield-permits-v1'],
      [2, 210200, 'Urea Plant Permits', 'Published', 'urea-permits-v1'],
    ]);
    const site1 = all.filter((f) => f.type === 'resource' && f.properties.SiteId === 1);
    expect(site1.map((r) => r.name).sort()).toEqual(['ColdWork', 'ConfinedSpace', 'HotWork']);
    expect(site1.every((r) => r.status === 'Published')).toBe(true);
    const { form } = await bayport();
    expect(form.related.sort()).toEqual(site1.map((r) => r._id).sort());
    // Reading again imports nothing twice.
    expect((await forms()).length).toBe(all.length);
    // The issuer views forms at Bayport only (SPEC §6, permission 84); no forms permission at all is refused.
    expect(new Set((await forms(as.issuer)).map((f) => f.properties.SiteId))).toEqual(new Set([1]));
    for (const who of ['viewer', 'contractor', 'noaccess'] as const) {
      expect((await get(as[who], '/formio/forms')).statusCode, who).toBe(403);
      expect((await get(as[who], '/permitdefinitions')).statusCode, who).toBe(403);
    }
  });

  it('saves a resource from the builder for forms editors only; it is Not Published until its form is published', async () => {
    const { hotWork } = await bayport();
    const components = [...hotWork.components.filter((c) => c.key !== 'submit'), NEW_FIELD];
    expect((await put(as.issuer, `/formio/forms/${hotWork._id}`, { components })).statusCode).toBe(403);
    const twice = await put(as.admin, `/formio/forms/${hotWork._id}`, { components: [NEW_FIELD, NEW_FIELD] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/have the key dropZoneBarriers/);
    expect((await put(as.admin, '/formio/forms/nope', { components })).statusCode).toBe(404);
    expect((await put(as.admin, `/formio/forms/${hotWork._id}`, {})).statusCode).toBe(400);
    const saved = await put(as.admin, `/formio/forms/${hotWork._id}`, { components });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BuilderForm>()).toMatchObject({ status: 'Not Published', _vid: hotWork._vid + 1 });
    expect(saved.json<BuilderForm>().components.at(-1)).toMatchObject({ key: 'dropZoneBarriers' });
  });

  it('publishes a new definition version: old permits keep theirs, new ones and the location get the new, copies of old ones are stale', async () => {
    const before = await createPermit(server, as.contractor);
    const { form, hotWork } = await bayport();
    expect((await put(as.issuer, `/formio/publish/${form._id}`)).statusCode).toBe(403);
    expect((await put(as.contractor, `/formio/publish/${form._id}`)).statusCode).toBe(403);
    const resource = await put(as.admin, `/formio/publish/${hotWork._id}`);
    expect(resource.statusCode).toBe(400);
    expect(resource.json().message).toBe('HotWork is a resource: publish a form that nests it.'.replace('HotWork', hotWork.title));
    expect((await put(as.admin, '/formio/publish/0123456789abcdef01234567')).statusCode).toBe(404);

    const started = Date.now();
    const published = await put(as.admin, `/formio/publish/${form._id}`);
    expect(published.statusCode, published.body).toBe(200);
    const definition = published.json<PermitDefinition>();
    expect(definition.PermitDefinitionId).not.toBe('bayport-permits-v2');
    expect(definition.LocationId).toBe(100);
    expect(Date.parse(definition.EffectiveDate)).toBeGreaterThanOrEqual(started - 1000);
    const hotWorkForm = definition.Forms.HotWork as { components: { key: string }[] };
    expect(hotWorkForm.components.map((c) => c.key)).toContain('dropZoneBarriers');
    expect(definition.DefinitionMetadataJSON.Forms.map((f) => f.Name).sort()).toEqual(['ColdWork', 'ConfinedSpace', 'HotWork']);
    // Approvals and display fields carry over from the definition it supersedes.
    expect(definition.DefinitionMetadataJSON.KeysList).toContain('workOrderNumber');
    expect(definition.DefinitionMetadataJSON.Approvals.length).toBeGreaterThan(0);
    const file = join(server.config.dataDir, 'objects', definition.DefinitionJSONS3Key);
    expect(existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).PermitDefinitionId).toBe(definition.PermitDefinitionId);

    const after = await bayport();
    expect([after.form.status, after.hotWork.status]).toEqual(['Published', 'Published']);
    expect(after.form.publishedDefinitionId).toBe(definition.PermitDefinitionId);

    // Below Bayport the metadata now names the new definition; the permit made before keeps the old.
    const metadata = await get(as.contractor, '/locationmetadata?LocationId=111');
    expect(metadata.json().PermitDefinitionId).toBe(definition.PermitDefinitionId);
    expect((await permitOf(server, as.contractor, before) as unknown as { PermitDefinitionId: string }).PermitDefinitionId).toBe('bayport-permits-v2');
    const content = { HotWork: { jobDescription: 'Weld support', dropZoneBarriers: 'Barriers at grade' } };
    const fresh = await createPermit(server, as.contractor, { definitionId: definition.PermitDefinitionId, content, submit: false });
    expect((await permitOf(server, as.contractor, fresh)).ContentJSON.HotWork!.dropZoneBarriers).toBe('Barriers at grade');

    const copy = await post(server, as.contractor, '/permitinstance/copy', { PermitInstanceId: before });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ DefinitionIsLatest: false, PermitInstance: { PermitDefinitionId: definition.PermitDefinitionId } });

    // Devices learn of it through sync: the definitions pull of a Bayport user brings it.
    const pulled = await get(as.issuer, '/sync/definitions?limit=1000');
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json<{ documents: PermitDefinition[] }>().documents.map((d) => d.PermitDefinitionId)).toContain(definition.PermitDefinitionId);

    const list = await get(as.admin, '/permitdefinitions');
    expect(list.json<{ PermitDefinitionList: PermitDefinition[] }>().PermitDefinitionList.filter((d) => d.LocationId === 100).map((d) => d.PermitDefinitionId)).toEqual([
      definition.PermitDefinitionId, 'bayport-permits-v2', 'bayport-permits-v1',
    ]);
    const issuers = await get(as.issuer, '/permitdefinitions');
    expect(new Set(issuers.json<{ PermitDefinitionList: PermitDefinition[] }>().PermitDefinitionList.map((d) => d.LocationId))).toEqual(new Set([100]));
  });

  it('rebuilds a definition’s metadata for forms editors only', async () => {
    expect((await server.request({ method: 'PATCH', url: '/api/definition/bayport-permits-v1/metadata', token: as.issuer })).statusCode).toBe(403);
    expect((await server.request({ method: 'PATCH', url: '/api/definition/no-such-definition/metadata', token: as.admin })).statusCode).toBe(404);
    expect((await server.request({ method: 'PATCH', url: '/api/definition/bad%20id/metadata', token: as.admin })).statusCode).toBe(400);
    await server.db.query(`update definitions set metadata = jsonb_set(metadata, '{Forms}', '[]') where permit_definition_id = 'bayport-permits-v1'`);
    const rebuilt = await server.request({ method: 'PATCH', url: '/api/definition/bayport-permits-v1/metadata', token: as.admin });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json<PermitDefinition>().DefinitionMetadataJSON.Forms.map((f) => f.Name).sort()).toEqual(['ColdWork', 'ConfinedSpace', 'HotWork']);
  });

  it('refuses a forms editor of Bayport only the forms and definitions of Northfield, changing nothing, while Bayport’s stay theirs to edit', async () => {
    const editor = await addFormsEditor(server);
    const all = await forms();
    const northfield = all.find((f) => f.type === 'form' && f.properties.LocationId === 200)!;
    const resource = all.find((f) => f.type === 'resource' && f.properties.SiteId === 2)!;
    expect([northfield, resource].every(Boolean)).toBe(true);
    // Emptied so that a rebuild slipping through would show.
    await server.db.query(`update definitions set metadata = jsonb_set(metadata, '{Forms}', '[]') where permit_definition_id = 'northfield-permits-v1'`);
    const refusal = 'You do not have permission to edit or publish forms at Northfield Chemicals.';
    const components = [...resource.components.filter((c) => c.key !== 'submit'), NEW_FIELD];
    for (const [what, response] of [
      ['save a resource', await put(editor, `/formio/forms/${resource._id}`, { components })],
      ['save a form', await put(editor, `/formio/forms/${northfield._id}`, { components: northfield.components })],
      ['publish', await put(editor, `/formio/publish/${northfield._id}`)],
      ['rebuild metadata', await server.request({ method: 'PATCH', url: '/api/definition/northfield-permits-v1/metadata', token: editor })],
    ] as const) {
      expect(response.statusCode, what).toBe(403);
      expect(response.json().message, what).toBe(refusal);
    }
    const after = await forms();
    const unchanged = (f: BuilderForm) => [f._vid, f.status, f.modified, f.publishedDefinitionId, f.components];
    expect(unchanged(after.find((f) => f._id === northfield._id)!)).toEqual(unchanged(northfield));
    expect(unchanged(after.find((f) => f._id === resource._id)!)).toEqual(unchanged(resource));
    const [definition] = await server.db.query<{ forms: unknown[] }>(`select metadata -> 'Forms' as forms from definitions where permit_definition_id = 'northfield-permits-v1'`);
    expect(definition!.forms).toEqual([]);
    const metadata = await get(as.admin, '/locationmetadata?LocationId=200');
    expect(metadata.json().PermitDefinitionId).toBe('northfield-permits-v1');
    // Nor does the editor see Northfield's forms to begin with.
    expect(new Set((await forms(editor)).map((f) => f.properties.SiteId))).toEqual(new Set([1]));

    const { hotWork } = await bayport();
    const saved = await put(editor, `/formio/forms/${hotWork._id}`, { components: hotWork.components, title: hotWork.title });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BuilderForm>()._vid).toBe(hotWork._vid + 1);
  });
});
