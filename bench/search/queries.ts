/**
 * The four searches of issue 15, each as the app sends it to POST /api/permits/search and as a
 * person would write it by hand in SQL for the same answer (the page's documents and the total,
 * counted up to 10,001).
 */
import { PERMIT_DOCUMENT } from '../../server/sync/permits';

export interface BenchQuery {
  name: string;
  body: object;
  /** Hand-written SQL; $1 is the user's viewable locations. */
  sql: string;
  params: unknown[];
}

const FIELDS = ['PermitInstanceReferenceId^6', 'workLocation^5', 'permitIssuer^4', 'assetNumber^3', 'workDescription^2', 'assetDescription^1'];
const term = (query: string) => ({ multi_match: { query, type: 'phrase_prefix', fields: FIELDS } });

const score = (p: string) => `greatest(
  case when reference_id ilike ${p} then 6 else 0 end, case when work_location ilike ${p} then 5 else 0 end,
  case when permit_issuer ilike ${p} then 4 else 0 end, case when asset_number ilike ${p} then 3 else 0 end,
  case when work_description::text ilike ${p} then 2 else 0 end, case when asset_description ilike ${p} then 1 else 0 end)`;

const page = (window: string, order: string) => `
  select (select count(*) from (select from ${window}) c)::int as total,
         (select json_agg(json_build_object('_id', p.permit_instance_id, '_score', top.score, '_source', json_build_object(${PERMIT_DOCUMENT})) order by ${order.replace(/(\w+) (asc|desc)/g, 'top.$1 $2')})
            from (select * from ${window} order by ${order} limit 20) top join permits p using (permit_instance_id))::text as hits`;

/** Ranked by score among the newest 10,001 matches, as the server ranks. */
const ranked = (terms: string[]) => {
  const params = terms.map((t) => `%${t}%`);
  const where = params.map((_, i) => `search_text like $${i + 2}`).join(' and ');
  const scores = params.map((_, i) => score(`$${i + 2}`)).join(' + ');
  return {
    sql: `with m as (select permit_instance_id, created_on, ${scores} as score from permits
                      where not deleted and location_id = any($1) and ${where}
                      order by created_on desc limit 10001)
          ${page('m', 'score desc, created_on desc')}`,
    params,
  };
};

export function benchQueries(workOrderNumber: string, fromDate: string, toDate: string): BenchQuery[] {
  return [
    { name: 'selective two-term ("grace th" "10-p-1")', body: { size: 20, query: { bool: { must: [term('grace th'), term('10-p-1')] } } }, ...ranked(['grace th', '10-p-1']) },
    { name: 'broad one-term ("inspect", 1 in 6)', body: { size: 20, query: { bool: { must: [term('inspect')] } } }, ...ranked(['inspect']) },
    {
      name: 'work order number lookup',
      body: { size: 20, query: { bool: { filter: [{ term: { 'workOrderNumber.keyword': workOrderNumber } }] } } },
      sql: `with m as (select permit_instance_id, created_on, null::int as score from permits
                        where not deleted and location_id = any($1) and work_order_number = $2 order by created_on desc limit 10001)
            ${page('m', 'created_on desc')}`,
      params: [workOrderNumber],
    },
    {
      name: 'state + location + date, no text',
      body: {
        size: 20,
        sort: [{ CreatedOn: 'desc' }],
        query: { bool: { filter: [{ terms: { State: ['PENDING', 'APPROVED'] } }, { terms: { LocationId: [111, 112] } }, { range: { CreatedOn: { gte: fromDate, lte: toDate } } }] } },
      },
      sql: `with f as (select permit_instance_id, created_on, null::int as score from permits
                        where not deleted and location_id = any($1) and state = any($2) and location_id = any($3)
                          and created_on >= $4::date and created_on < $5::date + 1),
                 m as (select * from f order by created_on desc limit 10001)
            ${page('m', 'created_on desc')}`,
      params: [['PENDING', 'APPROVED'], [111, 112], fromDate, toDate],
    },
  ];
}
