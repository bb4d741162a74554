import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderSearchResponse } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Orders of the test, beside the demo seed's (whose numbers are 10 digits at Bayport and WO-NF-… at Northfield). */
const ORDERS = [
  { workOrderNumber: '0004123456', workOrderDescription: 'Replace seal on UREA/CO2 AREA pump', assetNumber: 'P-7', siteId: 1, scheduledStart: day(-1), workOrderStatus: ['REL'] },
  { workOrderNumber: 'S-2', workOrderDescription: 'Soften 50% of the resin (special: a+b)', assetNumber: 'SOFT-77C', siteId: 1, scheduledStart: day(-2), workOrderStatus: ['SCHED'] },
  { workOrderNumber: 'S-3', workOrderDescription: 'Soften 5 of the resin', assetNumber: 'SOFT-77D', siteId: 1, scheduledStart: day(-3), workOrderStatus: ['Closed'] },
  { workOrderNumber: 'S-4', workOrderDescription: 'Future resin change', assetNumber: 'SOFT-77E', siteId: 1, scheduledStart: day(30), workOrderStatus: ['PLND'] },
  { workOrderNumber: 'N-1', workOrderDescription: 'Northfield resin change', assetNumber: 'SOFT-771', siteId: 2, scheduledStart: day(-1), workOrderStatus: ['REL'] },
].map((o) => ({ ...o, sourceSystem: 'SAP' }));

describe.each(DATABASE_KINDS)('work order search on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  const search = async (body: object, token = admin) => {
    const response = await server.request({ method: 'POST', url: '/api/workorders/search', token, payload: body });
    return response;
  };
  const numbers = async (body: object, token = admin) => {
    const response = await search(body, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WorkOrderSearchResponse>().hits.hits.map((h) => h._source.workOrderNumber);
  };
  /** The search page's body (SPEC §7): query_string over number, description and asset, filters on site, status and dates. */
  const textQuery = (query: string, filter: object[] = [{ term: { siteId: 1 } }]) => ({
    from: 0,
    size: 20,
    query: { bool: { must: [{ query_string: { query, fields: ['workOrderNumber', 'workOrderDescription', 'assetNumber'], default_operator: 'AND' } }], filter } },
    sort: ['_score'],
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    viewer = await server.employeeToken('viewer@demo.test');
    const imported = await server.request({ method: 'POST', url: '/api/workorders/import', token: admin, payload: ORDERS });
    expect(imported.json()).toMatchObject({ applied: true, created: ORDERS.length });
  });
  afterAll(() => server.close());

  it('finds a site’s orders in a scheduled-start window, with the total and the page asked for', async () => {
    const body = { from: 0, size: 1000, query: { bool: { filter: [{ term: { siteId: 1 } }, { range: { scheduledStart: { gte: 'now-20d/d', lte: 'now+7d' } } }] } } };
    const response = await search(body);
    const result = response.json<WorkOrderSearchResponse>();
    const [{ count }] = (await server.db.query<{ count: number }>(
      `select count(*)::int as count from workorders where site_id = 1 and scheduled_start >= date_trunc('day', now() - interval '20 days') and scheduled_start <= now() + interval '7 days'`,
    )) as [{ count: number }];
    expect(result.hits.total).toEqual({ value: count, relation: 'eq' });
    expect(result.hits.hits).toHaveLength(count);
    expect(result.hits.hits.every((h) => h._source.siteId === 1)).toBe(true);
    expect(result.hits.hits.map((h) => h._source.workOrderNumber)).not.toContain('S-4');
    const page = await search({ ...body, from: 2, size: 3 });
    expect(page.json<WorkOrderSearchResponse>().hits.hits.map((h) => h._id)).toEqual(result.hits.hits.slice(2, 5).map((h) => h._id));
    expect(page.json<WorkOrderSearchResponse>().hits.hits[0]!._source).toMatchObject({ operations: expect.any(Array), DateChanged: expect.any(String) });
  });

  it('finds one order by workOrderNumber.keyword, as text or as a number without SAP’s leading zeros', async () => {
    expect(await numbers({ query: { term: { 'workOrderNumber.keyword': 'S-2' } } })).toEqual(['S-2']);
    expect(await numbers({ query: { bool: { filter: [{ term: { 'workOrderNumber.keyword': 4123456 } }] } } })).toEqual(['0004123456']);
    expect(await numbers({ query: { term: { 'workOrderNumber.keyword': '4123456' } } })).toEqual([]);
  });

  it('matches query_string text in number, description or asset, every term (AND), best first', async () => {
    expect(await numbers(textQuery('SOFT-77C'))).toEqual(['S-2']);
    expect(await numbers(textQuery('resin soften'))).toEqual(['S-2', 'S-3']);
    // A number typed as text also finds its order through the leading zeros, first.
    expect((await numbers(textQuery('4123456')))[0]).toBe('0004123456');
    expect(await numbers(textQuery('Soften *77*', [{ term: { siteId: 1 } }, { terms: { workOrderStatus: ['SCHED', 'Closed'] } }]))).toEqual(['S-2', 'S-3']);
    expect(await numbers(textQuery('Soften', [{ term: { siteId: 1 } }, { range: { scheduledStart: { gte: day(-2), lte: 'now' } } }]))).toEqual(['S-2']);
  });

  it('takes escaped special characters as plain text', async () => {
    // The search page escapes what query_string treats as syntax (SPEC §5).
    expect(await numbers(textQuery('UREA\\/CO2 AREA'))).toEqual(['0004123456']);
    expect(await numbers(textQuery('50%'))).toEqual(['S-2']);
    expect(await numbers(textQuery('\\(special\\: a\\+b\\)'))).toEqual(['S-2']);
    expect(await numbers(textQuery('5_'))).toEqual([]);
    expect(await numbers(textQuery('Soften\\ 5'))).toEqual(['S-2', 'S-3']);
  });

  it('answers only from the user’s sites, and refuses a query for another site', async () => {
    expect(await numbers(textQuery('resin', []))).toEqual(expect.arrayContaining(['N-1', 'S-2']));
    expect(await numbers(textQuery('resin', []), viewer)).not.toContain('N-1');
    const foreign = await search(textQuery('resin', [{ term: { siteId: 2 } }]), viewer);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You may not view work orders of site 2.');
    const nobody = await search(textQuery('resin'), await server.employeeToken('noaccess@demo.test'));
    expect(nobody.statusCode).toBe(403);
  });

  it('answers what it cannot read with a 400 that names it', async () => {
    const cases: [object, string][] = [
      [{ query: { fuzzy: { assetNumber: 'x' } } }, "Work-order search does not know the query clause 'fuzzy': use bool, term, terms, range, match or query_string."],
      [{ query: { term: { color: 'red' } } }, "Work orders cannot be searched by 'color'."],
      [{ query: { range: { scheduledStart: { gte: 'yesterday' } } } }, 'The range on scheduledStart needs dates'],
      [{ query: { bool: { must: {}, should: 1 } } }, 'Each query clause must be an object with one key'],
      [{ size: 5000 }, 'size'],
    ];
    for (const [body, message] of cases) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});
