import { describe, expect, it } from 'vitest';
import { buildLocationTree } from '../../domain/locations';
import type { Location } from '../../schemas';
import { chartDescription, countPermits, reportCsv, reportRows, searchLink, statesShown, withSuspended } from '../../src/features/reports/reportData';

const loc = (LocationId: number, Title: string): Location => ({
  LocationId, ParentLocationId: 0, SiteId: 1, Title, EnabledFlag: true, PermittingEnabled: true, PlotPlans: [], CurrentPlotPlan: null,
});
const tree = buildLocationTree([loc(111, 'Atmospheric Distillation'), loc(112, 'Vacuum, "North"')]);
const permits = [
  { LocationId: 111, State: 'PENDING' }, { LocationId: 111, State: 'PENDING' }, { LocationId: 111, State: 'APPROVED' },
  { LocationId: 112, State: 'APPROVED' }, { LocationId: 112, State: 'COMPLETED' },
];

describe('the permits-by-state report', () => {
  it('counts permits by location and state, within the states asked for', () => {
    expect(countPermits(permits, ['PENDING', 'APPROVED'])).toEqual({
      Locations: [{ LocationId: 111, Counts: { PENDING: 2, APPROVED: 1 }, Total: 3 }, { LocationId: 112, Counts: { APPROVED: 1 }, Total: 1 }],
      Total: 4,
    });
  });
  it('describes the chart for a screen reader with each location’s counts by state', () => {
    const rows = reportRows(countPermits(permits, ['PENDING', 'APPROVED']), tree, true, { LocationId: 110, Title: 'Crude Unit' });
    expect(chartDescription(rows, ['PENDING', 'APPROVED'])).toBe('Permits by state. Atmospheric Distillation: PENDING 2, APPROVED 1. Vacuum, "North": PENDING 0, APPROVED 1.');
  });
  it('groups by location or adds everything into one row at the home location', () => {
    const report = countPermits(permits, ['PENDING', 'APPROVED', 'COMPLETED']);
    expect(reportRows(report, tree, true, { LocationId: 110, Title: 'Crude Unit' }).map((r) => [r.Title, r.Total])).toEqual([['Atmospheric Distillation', 3], ['Vacuum, "North"', 2]]);
    const [all] = reportRows(report, tree, false, { LocationId: 110, Title: 'Crude Unit' });
    expect(all).toEqual({ LocationId: 110, Title: 'All locations (Crude Unit)', Counts: { PENDING: 2, APPROVED: 2, COMPLETED: 1 }, Total: 5 });
  });
  it('writes CSV for Excel: byte-order mark, quoted fields, CRLF', () => {
    const rows = reportRows(countPermits(permits, ['PENDING', 'APPROVED']), tree, true, { LocationId: 110, Title: 'Crude Unit' });
    const states = statesShown(rows, ['DRAFT', 'PENDING', 'APPROVED']);
    expect(states).toEqual(['PENDING', 'APPROVED']);
    expect(reportCsv(rows, states)).toBe('\uFEFFLocation,LocationId,PENDING,APPROVED,Total\r\nAtmospheric Distillation,111,2,1,3\r\n"Vacuum, ""North""",112,0,1,1\r\n');
  });
  it('gives each row its stopped work (issue 37), all of it to the ungrouped row, and a Work suspended column in the CSV only while there is some', () => {
    const report = countPermits(permits, ['PENDING', 'APPROVED']);
    const home = { LocationId: 110, Title: 'Crude Unit' };
    const grouped = withSuspended(reportRows(report, tree, true, home), new Map([[112, 1]]), true);
    expect(grouped.map((r) => [r.Title, r.Suspended])).toEqual([['Atmospheric Distillation', 0], ['Vacuum, "North"', 1]]);
    expect(reportCsv(grouped, ['PENDING', 'APPROVED'])).toBe('\uFEFFLocation,LocationId,PENDING,APPROVED,Work suspended,Total\r\nAtmospheric Distillation,111,2,1,0,3\r\n"Vacuum, ""North""",112,0,1,1,1\r\n');
    expect(withSuspended(reportRows(report, tree, false, home), new Map([[111, 1], [112, 1]]), false)[0]!.Suspended).toBe(2);
    expect(reportCsv(withSuspended(reportRows(report, tree, true, home), new Map(), true), ['PENDING', 'APPROVED'])).not.toContain('Work suspended');
  });
  it('links a count to the permit search for that state and location', () => {
    expect(searchLink('PRE-APPROVAL', 111)).toBe('/permits/search?State=PRE-APPROVAL&locationId=111&from=reporting');
  });
});
