import { describe, expect, it } from 'vitest';
import { isActiveWorkOrder, matchesListFilter, searchText, workOrderSearchBody } from '../../domain/workOrders';
import type { WorkOrder } from '../../schemas';

const order = { workOrderNumber: '0004000100', assetNumber: '10-P-101A', assetDescription: 'Crude charge pump A', workOrderDescription: 'Replace seal', workOrderStatus: ['REL', 'PRC'] } as WorkOrder;

describe('work order rules', () => {
  it.each([
    ['', [], true],
    ['CRUDE', [], true],
    ['p-101a', ['PRC'], true],
    ['seal', ['SCHED'], false],
    ['gasket', [], false],
  ])('list filter text %j statuses %j: %s', (text, statuses, shown) => {
    expect(matchesListFilter(order, text as string, statuses as string[])).toBe(shown);
  });

  it('raises permits only from active statuses', () => {
    expect(isActiveWorkOrder(order, ['REL'])).toBe(true);
    expect(isActiveWorkOrder(order, ['SCHED', 'INPROG'])).toBe(false);
  });

  it.each([
    ['UREA/CO2 AREA', 'UREA\\/CO2 AREA'],
    ['SOFT-101C', 'SOFT\\-101C'],
    ['<b>pump</b>', 'bpump\\/b'],
    ['a+b (c)', 'a\\+b \\(c\\)'],
    ['0004000100', '4000100'],
  ])('search text %j is sent as %j', (typed, sent) => {
    expect(searchText(typed)).toBe(sent);
  });

  it('filters the search by site, statuses and scheduled start, up to now without a To date', () => {
    expect(workOrderSearchBody('pump', { status: ['REL'], fromDate: '2026-11-01' }, 1, 20, 20)).toEqual({
      from: 20, size: 20, sort: ['_score'],
      query: { bool: {
        must: [{ query_string: { query: 'pump', fields: ['workOrderNumber', 'workOrderDescription', 'assetNumber'], default_operator: 'AND' } }],
        filter: [{ term: { siteId: 1 } }, { terms: { workOrderStatus: ['REL'] } }, { range: { scheduledStart: { gte: '2026-11-01', lte: 'now' } } }],
      } },
    });
  });
});
