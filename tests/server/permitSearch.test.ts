import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { insertSearchPermit } from './searchFactories';

interface Hit {
  _id: string;
  _score: number | null;
  _source: { PermitInstanceId: string; PermitInstanceReferenceId: string; LocationId: number; State: string };
}
interface SearchAnswer {
  hits: { total: { value: number; relation: 'eq' | 'gte' }; max_score: number | null; hits: Hit[] };
}

/** The six weighted fields of SPEC §9, strongest first, each holding the word "kestrel" in its own permit. */
const BY_WEIGHT = [
  { reference: 'HW-KESTREL-1' },
  { workLocation: 'Kestrel burner deck' },
  { permitIssuer: 'Kestrel Jones' },
  { assetNumber: 'KESTREL-101' },
  { workDescription: 'Clean the kestrel strainer' },
  { assetDescription: 'Kestrel heater' },
];

const multiMatch = (query: string) => ({ multi_match: { query, type: 'phrase_prefix', fields: ['PermitInstanceReferenceId^6', 'workLocation^5', 'permitIssuer^4', 'assetNumber^3', 'workDescription^2', 'assetDescription^1'] } });

describe.each(DATABASE_KINDS)('POST /api/permits/search on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    viewer = await server.employeeToken('viewer@demo.test');
    // Oldest first, so the weights and not the dates decide the order.
    for (const [i, fields] of BY_WEIGHT.entries()) {
      ids.set(Object.keys(fields)[0]!, await insertSearchPermit(server.db, { ...fields, createdOn: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }));
    }
    ids.set('outside', await insertSearchPermit(server.db, { locationId: 121, workLocation: 'Kestrel reactor', reference: 'HW-OUTSIDE' }));
    ids.set('three', await insertSearchPermit(server.db, { workLocation: 'Furnace deck', permitIssuer: 'Grace Thompson', workDescription: 'Weld tube support', reference: 'HW-THREE' }));
    ids.set('two', await insertSearchPermit(server.db, { workLocation: 'Furnace deck', permitIssuer: 'Grace Thompson', workDescription: 'Paint rails', reference: 'HW-TWO' }));
    ids.set('wo', await insertSearchPermit(server.db, { workOrderNumber: '0004000999', reference: 'HW-WO', createdOn: '2026-03-10T10:00:00Z', state: 'PENDING' }));
    // PGlite's first open and migrations take a minute or more on a busy machine.
  }, 180_000);
  afterAll(() => server?.close());

  const search = (token: string, payload: object, url = '/api/permits/search') => server.request({ method: 'POST', url, token, payload });
  const found = async (token: string, payload: object) => {
    const response = await search(token, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchAnswer>().hits;
  };

  it('ranks a term by the field it is found in: reference 6, location 5, issuer 4, asset number 3, description 2, asset description 1', async () => {
    const hits = await found(admin, { size: 20, query: { bool: { must: [multiMatch('kestr')] } } });
    const mine = hits.hits.filter((h) => h._id !== ids.get('outside'));
    expect(mine.map((h) => h._id)).toEqual(BY_WEIGHT.map((f) => ids.get(Object.keys(f)[0]!)));
    expect(mine.map((h) => h._score)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(hits.max_score).toBe(6);
    // Without the field list, the same weights apply.
    const plain = await found(admin, { size: 20, query: { bool: { must: [{ multi_match: { query: 'kestrel', type: 'phrase_prefix' } }] } } });
    expect(plain.hits.filter((h) => h._id !== ids.get('outside')).map((h) => h._score)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('matches each term as a phrase prefix at the start of a word, and ANDs up to three terms', async () => {
    expect((await found(admin, { query: multiMatch('estrel') })).total.value).toBe(0);
    const phrase = await found(admin, { query: multiMatch('weld tu') });
    expect(phrase.hits.map((h) => h._id)).toEqual([ids.get('three')]);
    const two = await found(admin, { query: { bool: { must: [multiMatch('furnace'), multiMatch('grace')] } } });
    expect(two.hits.map((h) => h._id).sort()).toEqual([ids.get('three'), ids.get('two')].sort());
    const three = await found(admin, { query: { bool: { must: [multiMatch('furnace'), multiMatch('grace'), multiMatch('weld')] } } });
    expect(three.hits.map((h) => h._id)).toEqual([ids.get('three')]);
    const four = await search(admin, { query: { bool: { must: [multiMatch('a'), multiMatch('b'), multiMatch('c'), multiMatch('d')] } } });
    expect(four.statusCode).toBe(400);
    expect(four.json<{ message: string }>().message).toMatch(/at most 3 search terms/);
  });

  it('finds only permits of locations the user may view from their home location, also in the totals', async () => {
    const forAdmin = await found(admin, { query: multiMatch('kestrel') });
    expect(forAdmin.hits.map((h) => h._id)).toContain(ids.get('outside'));
    const forViewer = await found(viewer, { size: 50, query: multiMatch('kestrel') });
    expect(forViewer.hits.map((h) => h._id)).not.toContain(ids.get('outside'));
    expect(forViewer.total).toEqual({ value: 6, relation: 'eq' });
    // Asking for the location outside the scope by name finds nothing either.
    expect((await found(viewer, { query: { term: { LocationId: 121 } } })).total.value).toBe(0);
    const noAccess = await search(await server.employeeToken('noaccess@demo.test'), { query: multiMatch('kestrel') });
    expect(noAccess.statusCode).toBe(403);
  });

  it('filters by work order number, state, location and dates, and sorts by field', async () => {
    const byWo = await found(admin, { query: { bool: { filter: [{ term: { 'workOrderNumber.keyword': '0004000999' } }] } } });
    expect(byWo.hits.map((h) => h._source.PermitInstanceReferenceId)).toEqual(['HW-WO']);
    const filtered = await found(admin, {
      query: { bool: { filter: [{ terms: { State: ['PENDING'] } }, { terms: { LocationId: [111] } }, { range: { CreatedOn: { gte: '2026-03-10', lte: '2026-03-10' } } }] } },
    });
    expect(filtered.hits.map((h) => h._id)).toEqual([ids.get('wo')]);
    expect((await found(admin, { query: { range: { CreatedOn: { gte: '2026-03-11' } } }, size: 100 })).hits.map((h) => h._id)).not.toContain(ids.get('wo'));
    const sorted = await found(admin, { size: 3, sort: [{ CreatedOn: { order: 'asc' } }], query: multiMatch('kestrel') });
    expect(sorted.hits.map((h) => h._id)).toEqual([ids.get('reference'), ids.get('workLocation'), ids.get('permitIssuer')]);
    expect(sorted.hits[0]!._score).toBeNull();
  });

  it('reports totals past 10,000 as 10,000 "gte", and pages within the first 10,000', async () => {
    await server.db.query(
      `insert into permits (permit_instance_id, permit_definition_id, created_by, site_id, location_id, work_location, state)
       select 'bulk-' || n, 'search-test', 1, 1, 112, 'Bulk yard', 'COMPLETED' from generate_series(1, 10050) n`,
    );
    const broad = await found(admin, { size: 5, query: multiMatch('bulk') });
    expect(broad.total).toEqual({ value: 10000, relation: 'gte' });
    expect(broad.hits).toHaveLength(5);
    const exact = await found(admin, { size: 0, query: { bool: { filter: [{ term: { State: 'PENDING' } }] } } });
    expect(exact.total).toEqual({ value: 1, relation: 'eq' });
    const tooFar = await search(admin, { from: 9995, size: 10, query: multiMatch('bulk') });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json<{ message: string }>().message).toMatch(/10,000/);
  }, 60_000);

  it('runs a search kept alive and answers its result at GET /search/{id}, only to its owner', async () => {
    const started = await search(admin, { query: multiMatch('weld tu') }, '/api/permits/search?keepAlive=1m');
    expect(started.statusCode, started.body).toBe(200);
    const { id, state } = started.json<{ id: string; state: string }>();
    expect(state).toBe('RUNNING');
    let answer: { state: string; response?: SearchAnswer } = { state: 'RUNNING' };
    for (let i = 0; i < 100 && answer.state === 'RUNNING'; i++) {
      const polled = await server.request({ method: 'GET', url: `/api/search/${id}`, token: admin });
      expect(polled.statusCode, polled.body).toBe(200);
      answer = polled.json();
      if (answer.state === 'RUNNING') await new Promise((r) => setTimeout(r, 50));
    }
    expect(answer.state).toBe('COMPLETED');
    expect(answer.response!.hits.hits.map((h) => h._id)).toEqual([ids.get('three')]);
    expect((await server.request({ method: 'GET', url: `/api/search/${id}`, token: viewer })).statusCode).toBe(404);
    expect((await search(admin, {}, '/api/permits/search?keepAlive=2y')).statusCode).toBe(400);
  });

  it.each([
    ['an unknown top-level field', { aggs: { x: { terms: { field: 'State' } } } }, /aggs/],
    ['an unsupported query type', { query: { fuzzy: { workLocation: 'x' } } }, /fuzzy/],
    ['a should clause', { query: { bool: { should: [{ match_all: {} }] } } }, /should/],
    ['a multi_match of another type', { query: { multi_match: { query: 'x', type: 'best_fields' } } }, /phrase_prefix/],
    ['an unknown field to search in', { query: multiMatch('x').multi_match && { multi_match: { query: 'x', type: 'phrase_prefix', fields: ['ContentJSON^2'] } } }, /ContentJSON/],
    ['a term on an unknown field', { query: { term: { secret: 'x' } } }, /secret/],
    ['a range on a text field', { query: { range: { workLocation: { gte: 'a' } } } }, /workLocation/],
    ['a range bound that is not a date', { query: { range: { CreatedOn: { gte: 'yesterday' } } } }, /YYYY-MM-DD/],
    ['a day that does not exist', { query: { range: { CreatedOn: { gte: '2026-02-30' } } } }, /YYYY-MM-DD/],
    ['a sort on an unknown field', { sort: [{ ContentJSON: 'desc' }] }, /ContentJSON/],
    ['a sort order that is not asc or desc', { sort: [{ CreatedOn: 'up' }] }, /asc/],
    ['a clause with two query types', { query: { term: { State: 'X' }, terms: { State: ['Y'] } } }, /exactly one/],
    ['an empty search term', { query: multiMatch('  ') }, /non-empty/],
    ['a negative size', { size: -1 }, /size/],
    ['a whole number field given text', { query: { term: { LocationId: 'abc' } } }, /whole numbers/],
  ])('refuses %s with a 400 naming it', async (_name, payload, message) => {
    const response = await search(admin, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('answers GET /me/approvalsrequired with a count and list', async () => {
    const response = await server.request({ method: 'GET', url: '/api/me/approvalsrequired', token: viewer });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Count: 0, PermitInstanceList: [] });
  });
});
