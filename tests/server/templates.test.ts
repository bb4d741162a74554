import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../schemas';
import { DATABASE_KINDS, type TestServer } from './harness';
import { signInCast, startPermitServer, type Cast } from './permitFactories';
import { addFormsEditor, call, findTemplates, newTemplate, templateBody, templateIn } from './templateFactories';

const DECISIONS = ['review', 'approve', 'reject', 'discontinue'] as const;
const STATES = ['DRAFT', 'REVIEW', 'APPROVED', 'DISCONTINUED'] as const;
/** SPEC §4: the state each decision leads to from the states it is allowed in; every other pair is refused. */
const ALLOWED: Record<(typeof DECISIONS)[number], Partial<Record<Template['State'], Template['State']>>> = {
  review: { DRAFT: 'REVIEW' },
  approve: { REVIEW: 'APPROVED' },
  reject: { REVIEW: 'DRAFT' },
  discontinue: { APPROVED: 'DISCONTINUED' },
};

describe.each(DATABASE_KINDS)('templates and their review workflow on %s', (kind) => {
  let server: TestServer;
  let as: Cast & { editor: string };
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = { ...(await signInCast(server)), editor: await addFormsEditor(server) };
  }, 180_000);
  afterAll(() => server.close());

  it('creates a DRAFT template for an editor, once per id, with its creator', async () => {
    const body = templateBody();
    const created = await call(server, as.editor, 'POST', '/templates', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      PermitTemplateId: body.PermitTemplateId, Name: 'Weld pipe support', FormKey: 'HotWork', Type: 'permit', SiteId: 1, LocationId: 100, State: 'DRAFT',
      ApprovedOn: null, ApprovedBy: null, Comments: [], CreatedBy: { FirstName: 'Erin', LastName: 'Lopez', EmailAddress: 'editor@demo.test' },
    });
    expect(JSON.parse(created.json<Template>().ContentJSON)).toEqual({ HotWork: { jobDescription: 'Weld pipe support', fireWatchMinutes: 60 } });
    // The outbox resends until it hears an answer: the same request finds it made.
    const again = await call(server, as.editor, 'POST', '/templates', body);
    expect(again.statusCode).toBe(200);
    expect(again.json<Template>().PermitTemplateId).toBe(body.PermitTemplateId);
    const taken = await call(server, as.admin, 'POST', '/templates', body);
    expect(taken.statusCode).toBe(409);
  });

  it('refuses a template without a name, a permit type, readable content or the right site, saying what to fix', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ Name: '   ' }, /Name is required/],
      [{ Name: '' }, /Name must not be empty/],
      [{ FormKey: '' }, /FormKey is required/],
      [{ FormKey: 'Scaffolding' }, /Scaffolding is not a permit type of Bayport Refinery\. Choose one of: HotWork, ConfinedSpace, ColdWork/],
      [{ ContentJSON: '[1,2]' }, /ContentJSON must be a JSON object/],
      [{ ContentJSON: '{not json' }, /ContentJSON must be a JSON object/],
      [{ SiteId: 2 }, /Bayport Refinery is not at site 2/],
      [{ Type: 'form' }, /Type has a value that is not allowed/],
      [{ LocationId: 999 }, /There is no location with id 999/],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(server, as.editor, 'POST', '/templates', templateBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(overrides)).toBeLessThan(500);
      expect(response.json().message, JSON.stringify(overrides)).toMatch(message);
    }
    const empty = await server.request({ method: 'POST', url: '/api/templates', token: as.editor });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body must not be empty.');
    // A work template is a placeholder: no permit type needed, and none is checked.
    const work = await call(server, as.editor, 'POST', '/templates', templateBody({ Type: 'work', FormKey: '' }));
    expect(work.statusCode, work.body).toBe(201);
  });

  it('lets only forms editors of the template’s location create one: viewers, others and another site are refused', async () => {
    for (const who of ['issuer', 'viewer', 'contractor', 'noaccess'] as const) {
      const response = await call(server, as[who], 'POST', '/templates', templateBody());
      expect(response.statusCode, who).toBe(403);
    }
    const otherSite = await call(server, as.editor, 'POST', '/templates', templateBody({ SiteId: 2, LocationId: 200 }));
    expect(otherSite.statusCode).toBe(403);
    expect(otherSite.json().message).toBe('You do not have permission to change templates at Northfield Chemicals.');
    const siteWide = await call(server, as.editor, 'POST', '/templates', templateBody({ LocationId: null }));
    expect(siteWide.statusCode, siteWide.body).toBe(201);
  });

  it.each(DECISIONS)('%s: allowed only from the states of SPEC §4, refused (409, unchanged) from every other', async (action) => {
    for (const state of STATES) {
      const template = await templateIn(server, as.editor, state);
      const response = await call(server, as.editor, 'POST', `/templates/${template.PermitTemplateId}/${action}`, { Comment: 'Checked against the procedure' });
      const to = ALLOWED[action][state];
      if (to) {
        expect(response.statusCode, `${action} from ${state}: ${response.body}`).toBe(200);
        expect(response.json<Template>().State).toBe(to);
      } else {
        expect(response.statusCode, `${action} from ${state}`).toBe(409);
        expect(response.json().message).toMatch(new RegExp(`^This template is ${state}`));
        const after = await findTemplates(server, as.editor, { query: { term: { PermitTemplateId: template.PermitTemplateId } } });
        expect(after.hits[0]!._source).toEqual(template);
      }
    }
  });

  it('needs a comment to reject or discontinue; review and approve take one if given, each filed with its type', async () => {
    const template = await templateIn(server, as.editor, 'DRAFT');
    const id = template.PermitTemplateId;
    expect((await call(server, as.editor, 'POST', `/templates/${id}/review`)).statusCode).toBe(200);
    for (const body of [undefined, {}, { Comment: '' }, { Comment: '   ' }]) {
      const refused = await call(server, as.editor, 'POST', `/templates/${id}/reject`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe('A comment is required to reject a template.');
    }
    const rejected = await call(server, as.editor, 'POST', `/templates/${id}/reject`, { Comment: 'Gas test limits missing' });
    expect(rejected.json<Template>()).toMatchObject({ State: 'DRAFT', ApprovedOn: null });
    await call(server, as.editor, 'POST', `/templates/${id}/review`, { Comment: 'Limits added' });
    const before = Date.now();
    const approved = (await call(server, as.admin, 'POST', `/templates/${id}/approve`)).json<Template>();
    expect(approved.State).toBe('APPROVED');
    expect(approved.ApprovedBy).toMatchObject({ FirstName: 'Alex', LastName: 'Morgan', EmailAddress: 'admin@demo.test' });
    expect(Date.parse(approved.ApprovedOn!)).toBeGreaterThanOrEqual(before - 1000);
    const noReason = await call(server, as.editor, 'POST', `/templates/${id}/discontinue`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('A comment is required to discontinue a template.');
    const discontinued = (await call(server, as.editor, 'POST', `/templates/${id}/discontinue`, { Comment: 'Replaced by the new burner procedure' })).json<Template>();
    expect(discontinued).toMatchObject({ State: 'DISCONTINUED', ApprovedOn: approved.ApprovedOn });
    expect(discontinued.Comments.map((c) => [c.CommentType, c.Comment, c.CreatedBy.FirstName])).toEqual([
      ['Rejection', 'Gas test limits missing', 'Erin'],
      ['Review', 'Limits added', 'Erin'],
      ['Discontinue', 'Replaced by the new burner procedure', 'Erin'],
    ]);
  });

  it('edits and deletes only a DRAFT, and never changes its permit type', async () => {
    const draft = await templateIn(server, as.editor, 'DRAFT');
    const id = draft.PermitTemplateId;
    const renamed = await call(server, as.editor, 'PATCH', `/templates/${id}`, { Name: 'Weld pipe support, rack 4', ContentJSON: JSON.stringify({ HotWork: { jobDescription: 'Rack 4' } }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Template>()).toMatchObject({ Name: 'Weld pipe support, rack 4', FormKey: 'HotWork' });
    const retype = await call(server, as.editor, 'PATCH', `/templates/${id}`, { FormKey: 'ColdWork' });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().message).toMatch(/fixed once chosen \(HotWork\)/);
    expect((await call(server, as.editor, 'PATCH', `/templates/${id}`, {})).statusCode).toBe(400);
    expect((await call(server, as.editor, 'PATCH', `/templates/${id}`, { Name: ' ' })).statusCode).toBe(400);
    expect((await call(server, as.issuer, 'PATCH', `/templates/${id}`, { Name: 'Mine' })).statusCode).toBe(403);
    expect((await call(server, as.issuer, 'DELETE', `/templates/${id}`)).statusCode).toBe(403);

    for (const state of ['REVIEW', 'APPROVED', 'DISCONTINUED'] as const) {
      const locked = await templateIn(server, as.editor, state);
      const patch = await call(server, as.editor, 'PATCH', `/templates/${locked.PermitTemplateId}`, { Name: 'Changed' });
      expect(patch.statusCode, state).toBe(409);
      expect(patch.json().message).toBe(`This template is ${state}: only DRAFT templates can be changed. Copy it to make a new draft.`);
      expect((await call(server, as.editor, 'DELETE', `/templates/${locked.PermitTemplateId}`)).statusCode, state).toBe(409);
    }

    expect((await call(server, as.editor, 'DELETE', `/templates/${id}`)).statusCode).toBe(204);
    expect((await findTemplates(server, as.editor, { query: { term: { PermitTemplateId: id } } })).total.value).toBe(0);
    expect((await call(server, as.editor, 'DELETE', `/templates/${id}`)).statusCode).toBe(404);
    expect((await call(server, as.editor, 'POST', `/templates/${id}/review`)).statusCode).toBe(404);
  });

  it('copies a template in any state into a new DRAFT of the copier’s, content and type kept', async () => {
    for (const state of STATES) {
      const source = await templateIn(server, as.editor, state);
      const response = await call(server, as.admin, 'POST', `/templates/${source.PermitTemplateId}/copy`);
      expect(response.statusCode, `${state}: ${response.body}`).toBe(201);
      const copy = response.json<Template>();
      expect(copy).toMatchObject({ Name: 'Weld pipe support (copy)', FormKey: 'HotWork', ContentJSON: source.ContentJSON, State: 'DRAFT', ApprovedOn: null, ApprovedBy: null, Comments: [], LocationId: 100 });
      expect(copy.CreatedBy.EmailAddress).toBe('admin@demo.test');
      expect(copy.PermitTemplateId).not.toBe(source.PermitTemplateId);
    }
    const source = await templateIn(server, as.editor, 'APPROVED');
    const named = await call(server, as.editor, 'POST', `/templates/${source.PermitTemplateId}/copy`, { PermitTemplateId: 'copy-of-approved-1' });
    expect(named.json<Template>().PermitTemplateId).toBe('copy-of-approved-1');
    expect((await call(server, as.editor, 'POST', `/templates/${source.PermitTemplateId}/copy`, { PermitTemplateId: 'copy-of-approved-1' })).statusCode).toBe(200);
    expect((await call(server, as.issuer, 'POST', `/templates/${source.PermitTemplateId}/copy`)).statusCode).toBe(403);
  });

  it('lets forms viewers read and comment, editors decide, and nobody act on another site’s templates', async () => {
    const template = await templateIn(server, as.editor, 'REVIEW');
    const id = template.PermitTemplateId;
    const comment = await call(server, as.issuer, 'POST', `/templates/${id}/comment`, { Comment: 'Add the fire watch name' });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(comment.json<Template>().Comments.at(-1)).toMatchObject({ CommentType: 'General', Comment: 'Add the fire watch name', CreatedBy: { FirstName: 'Priya' } });
    expect((await call(server, as.issuer, 'POST', `/templates/${id}/comment`, { Comment: ' ' })).statusCode).toBe(400);
    for (const action of DECISIONS) {
      const refused = await call(server, as.issuer, 'POST', `/templates/${id}/${action}`, { Comment: 'Looks fine' });
      expect(refused.statusCode, action).toBe(403);
    }
    for (const who of ['viewer', 'contractor', 'noaccess'] as const) {
      expect((await call(server, as[who], 'POST', `/templates/${id}/comment`, { Comment: 'Hello' })).statusCode, who).toBe(403);
    }

    const northfield = await templateIn(server, as.admin, 'REVIEW', { SiteId: 2, LocationId: 200, Name: 'Ammonia line break' });
    const other = northfield.PermitTemplateId;
    for (const [method, url, body] of [
      ['POST', `/templates/${other}/approve`, {}], ['POST', `/templates/${other}/reject`, { Comment: 'No' }], ['POST', `/templates/${other}/comment`, { Comment: 'Hi' }],
      ['POST', `/templates/${other}/copy`, {}], ['PATCH', `/templates/${other}`, { Name: 'Mine' }], ['DELETE', `/templates/${other}`, undefined],
    ] as const) {
      const response = await call(server, as.editor, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const approved = await call(server, as.admin, 'POST', `/templates/${other}/approve`);
    expect(approved.json<Template>().State).toBe('APPROVED');
  });

  it('searches as the app does: by location and type sorted by Name, or by id; only where the user may view forms', async () => {
    const names = ['Tank entry, T-31', 'Blind flange swap', 'Compressor valve overhaul'];
    for (const Name of names) await newTemplate(server, as.editor, { Name, LocationId: 110, FormKey: 'ConfinedSpace' });
    await newTemplate(server, as.editor, { Name: 'Work pack A', LocationId: 110, Type: 'work', FormKey: '' });
    const query = { size: 1000, query: { bool: { must: [{ term: { LocationId: 110 } }, { term: { Type: 'permit' } }] } }, sort: [{ 'Name.keyword': 'asc' }] };
    const found = await findTemplates(server, as.editor, query);
    expect(found.hits.map((h) => h._source.Name)).toEqual(['Blind flange swap', 'Compressor valve overhaul', 'Tank entry, T-31']);
    expect(found.total.value).toBe(3);
    expect((await findTemplates(server, as.issuer, query)).total.value).toBe(3);
    expect((await findTemplates(server, as.viewer, query)).total.value).toBe(0);
    const paged = await findTemplates(server, as.editor, { ...query, from: 1, size: 1 });
    expect(paged.hits.map((h) => h._source.Name)).toEqual(['Compressor valve overhaul']);
    expect(paged.total.value).toBe(3);
    const byId = await findTemplates(server, as.editor, { query: { term: { PermitTemplateId: found.hits[0]!._id } } });
    expect(byId.hits.map((h) => h._source.Name)).toEqual(['Blind flange swap']);

    await templateIn(server, as.admin, 'DRAFT', { SiteId: 2, LocationId: 200, Name: 'Northfield only' });
    expect((await findTemplates(server, as.editor, { query: { term: { SiteId: 2 } } })).total.value).toBe(0);
    expect((await findTemplates(server, as.admin, { query: { term: { SiteId: 2 } } })).total.value).toBeGreaterThan(0);

    const unknown = await call(server, as.editor, 'POST', '/templates/search', { query: { term: { Secret: 'x' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Templates cannot be searched by Secret/);
    const notNumber = await call(server, as.editor, 'POST', '/templates/search', { query: { term: { LocationId: 'abc' } } });
    expect(notNumber.statusCode).toBe(400);
    expect((await call(server, as.editor, 'POST', '/templates/search', { size: 5000 })).statusCode).toBe(400);
  });

  it('sends every template change to the replicas of the site through the templates pull', async () => {
    const template = await templateIn(server, as.editor, 'APPROVED', { Name: 'Pulled template' });
    const pulled = await server.request({ method: 'GET', url: '/api/sync/templates?limit=1000', token: as.issuer });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const docs = pulled.json<{ documents: Template[] }>().documents;
    expect(docs.find((d) => d.PermitTemplateId === template.PermitTemplateId)).toMatchObject({ State: 'APPROVED', Name: 'Pulled template' });
  });
});
