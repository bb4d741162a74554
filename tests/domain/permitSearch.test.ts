import { describe, expect, it } from 'vitest';
import { listQueryMatcher, listQueryParams, narrowingFilter, pageOf, parseListQuery, permitSearchText } from '../../domain/permits/permitFilter';
import { datesOf, filterFromParams, phrasePrefixMatcher, scoreOffline, searchBody } from '../../domain/permits/permitSearch';
import type { Permit } from '../../schemas';

const permit = (o: Partial<Permit> = {}): Permit => ({
  PermitInstanceId: 'p1', PermitInstanceReferenceId: 'HW-2026-000101', PermitDefinitionId: 'd', State: 'APPROVED', ContentJSON: {}, ContentState: '',
  PermitInstanceMetadataJSON: { UsersOfGroupList: [], AvailablePermits: [] }, CreatedBy: 7, CreatedOn: '2026-11-20T10:00:00.000000Z', DateChanged: '',
  SiteId: 1, LocationId: 111, Latitude: null, Longitude: null, EffectiveDate: null, EndStateDescription: null, approvalRequired: true,
  permitTypes: [{ Name: 'HotWork', Label: 'Hot Work' }], assetNumber: '10-F-101', assetDescription: 'Crude heater', workOrderNumber: '0004000211',
  workDescription: [{ parentForm: 'HotWork', workDescription: 'Weld tube support' }], companyName: 'Gulf Coast Welding', workDate: '2026-11-20',
  workLocation: 'Burner deck', permitIssuer: 'Grace Thompson', permitReceiver: 'Carlos Mendes', ...o,
});

describe('the permit list filter', () => {
  it('defaults to All Permits in DRAFT, PRE-APPROVAL, PENDING, APPROVED, and writes only what differs back to the URL', () => {
    const query = parseListQuery(new URLSearchParams(''));
    expect(query).toEqual({ text: '', filter: 'allPermits', workDate: '', states: ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED'] });
    expect(listQueryParams(query).toString()).toBe('');
    expect(listQueryParams({ ...query, text: 'roof', filter: 'myPermits', states: ['COMPLETED'] }).toString()).toBe('text=roof&filter=myPermits&state=COMPLETED');
  });

  it('matches text case-insensitively over every field SPEC §2 names, and My Permits by creator', () => {
    const p = permit();
    const c = { permit: p, text: permitSearchText(p, 'Atmospheric Distillation'), yourApprovalRequired: false };
    const q = parseListQuery(new URLSearchParams('state=APPROVED'));
    for (const text of ['hw-2026', '0004000211', 'BURNER', 'atmospheric', 'tube support', 'gulf coast', '10-f-101', 'crude heater', 'grace']) {
      expect(listQueryMatcher({ ...q, text }, 7)(c), text).toBe(true);
    }
    expect(listQueryMatcher({ ...q, text: 'carlos' }, 7)(c)).toBe(false);
    expect(listQueryMatcher({ ...q, filter: 'myPermits' }, 8)(c)).toBe(false);
    expect(listQueryMatcher({ ...q, filter: 'requiresMyApproval' }, 7)(c)).toBe(false);
    expect(pageOf(Array.from({ length: 23 }, (_, i) => i), 5, 10)).toEqual({ items: [20, 21, 22], page: 2, pages: 3 });
  });

  it('answers as a full filter while the text is typed on, deleted, changed, or other choices change', () => {
    const candidate = (o: Partial<Permit>) => {
      const p = permit({ workDescription: [], companyName: 'Acme', assetDescription: '', ...o });
      return { permit: p, text: permitSearchText(p, 'Site'), yourApprovalRequired: false };
    };
    const items = [
      candidate({ PermitInstanceId: 'a', workLocation: 'Weld bay' }),
      candidate({ PermitInstanceId: 'b', workLocation: 'Welder shop', State: 'PENDING', CreatedBy: 8 }),
      candidate({ PermitInstanceId: 'c', workLocation: 'Tank farm', assetDescription: 'Wedge' }),
    ];
    const filter = narrowingFilter<(typeof items)[number]>();
    const q = parseListQuery(new URLSearchParams('state=APPROVED,PENDING'));
    const steps = [
      { ...q, text: 'we' }, { ...q, text: 'wel' }, { ...q, text: 'weld' }, { ...q, text: 'welde' }, { ...q, text: 'weld' },
      { ...q, text: 'we' }, { ...q, text: 'wedge' }, { ...q, text: 'weld', filter: 'myPermits' as const }, { ...q, text: 'weld' },
      { ...q, text: 'weld', states: ['PENDING'] }, { ...q, text: 'weld' },
    ];
    for (const query of steps) {
      const full = items.filter(listQueryMatcher(query, 7)).map((i) => i.permit.PermitInstanceId);
      expect(filter(items, query, 7).map((i) => i.permit.PermitInstanceId), JSON.stringify(query)).toEqual(full);
    }
    // New items (a pull arrived) are all looked at again.
    const more = [...items, candidate({ PermitInstanceId: 'd', workLocation: 'Weld yard' })];
    expect(filter(more, { ...q, text: 'weld' }, 7).map((i) => i.permit.PermitInstanceId)).toEqual(['a', 'b', 'd']);
  });
});

describe('the permit search', () => {
  it('reads a phrase prefix as the server does: words in order, at a word start, the last a prefix', () => {
    expect(phrasePrefixMatcher('weld tu')('Weld tube support')).toBe(true);
    expect(phrasePrefixMatcher('eld')('Weld tube support')).toBe(false);
    expect(phrasePrefixMatcher('tube weld')('Weld tube support')).toBe(false);
    expect(phrasePrefixMatcher('2026-0001')('HW-2026-000101')).toBe(true);
  });

  it('scores offline as the server ranks, and needs every term', () => {
    const here = new Set([111]);
    expect(scoreOffline(permit(), { searchTerms: ['hw-2026'] }, here, '2026-11-25')).toBe(6);
    expect(scoreOffline(permit(), { searchTerms: ['burner', 'crude'] }, here, '2026-11-25')).toBe(6);
    expect(scoreOffline(permit(), { searchTerms: ['burner', 'nothing'] }, here, '2026-11-25')).toBeNull();
    expect(scoreOffline(permit(), { searchTerms: ['burner'] }, new Set([112]), '2026-11-25')).toBeNull();
    expect(scoreOffline(permit(), { dateType: 'today' }, here, '2026-11-25')).toBeNull();
    expect(scoreOffline(permit(), { dateType: 'week' }, here, '2026-11-25')).toBe(0);
  });

  it('turns date types into dates and filters into the body the server takes', () => {
    expect(datesOf({ dateType: 'week' }, '2026-11-25')).toEqual({ fromDate: '2026-11-19', toDate: '2026-11-25' });
    expect(datesOf({ dateType: 'month' }, '2026-11-25')).toEqual({ fromDate: '2026-10-27', toDate: '2026-11-25' });
    const body = searchBody({ searchTerms: ['weld', ' ', 'roof', 'x', 'y'], State: ['APPROVED'] }, [111, 112], '2026-11-25', 20, 20);
    expect(body.query.bool.must).toHaveLength(3);
    expect(body.query.bool.filter).toEqual([{ terms: { LocationId: [111, 112] } }, { terms: { State: ['APPROVED'] } }]);
    expect(body.sort[0]).toBe('_score');
  });

  it('reads the reports link', () => {
    const { filter, fromLink } = filterFromParams(new URLSearchParams('State=APPROVED&locationId=112&from=reporting'), 110);
    expect(fromLink).toBe(true);
    expect(filter).toMatchObject({ State: ['APPROVED'], locationId: 112 });
    expect(filterFromParams(new URLSearchParams(''), 110)).toMatchObject({ fromLink: false, filter: { locationId: 110 } });
  });
});
