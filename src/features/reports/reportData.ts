/**
 * The permits-by-state report's data, pure: counts from the server's report or from the
 * permits on the device, the table's rows grouped by location or not, the search link of a
 * count cell and the CSV for Excel.
 */
import type { LocationTree } from '../../../domain/locations';
import { OPEN_PERMIT_STATES, PERMIT_STATES, type Permit, type PermitState, type PermitsByStateReport } from '../../../schemas';

/** Open Permits (default) or All Permits (SPEC §2). */
export type ReportScope = 'open' | 'all';

export const statesOf = (scope: ReportScope): readonly PermitState[] => (scope === 'open' ? OPEN_PERMIT_STATES : PERMIT_STATES);

/** One row of the table (and one group of bars): a location, or every location together. */
export interface ReportRow {
  /** The location the row's links search in: for the ungrouped row, the home location (search covers what is below it). */
  LocationId: number;
  Title: string;
  Counts: Partial<Record<PermitState, number>>;
  Total: number;
  /** Its APPROVED permits whose work is stopped by gas tests (issue 37): a condition, not a state, so not in Counts. */
  Suspended?: number;
}

/** The same report the server gives, counted from permits at hand (the replica's, offline). */
export function countPermits(permits: readonly Pick<Permit, 'LocationId' | 'State'>[], states: readonly PermitState[]): PermitsByStateReport {
  const byLocation = new Map<number, { LocationId: number; Counts: Record<string, number>; Total: number }>();
  for (const { LocationId, State } of permits) {
    if (!(states as readonly string[]).includes(State)) continue;
    const entry = byLocation.get(LocationId) ?? { LocationId, Counts: {}, Total: 0 };
    entry.Counts[State] = (entry.Counts[State] ?? 0) + 1;
    entry.Total += 1;
    byLocation.set(LocationId, entry);
  }
  const Locations = [...byLocation.values()].sort((a, b) => a.LocationId - b.LocationId);
  return { Locations, Total: Locations.reduce((sum, l) => sum + l.Total, 0) };
}

/** Rows per location (by title), or one row of every location's permits at the home location. */
export function reportRows(report: PermitsByStateReport, tree: LocationTree, grouped: boolean, home: { LocationId: number; Title: string }): ReportRow[] {
  const rows = report.Locations.map((l) => ({
    LocationId: l.LocationId,
    Title: tree.byId.get(l.LocationId)?.Title ?? `Location ${l.LocationId}`,
    Counts: l.Counts as ReportRow['Counts'],
    Total: l.Total,
  })).sort((a, b) => a.Title.localeCompare(b.Title));
  if (grouped) return rows;
  const Counts: ReportRow['Counts'] = {};
  for (const row of rows) for (const [state, n] of Object.entries(row.Counts) as [PermitState, number][]) Counts[state] = (Counts[state] ?? 0) + n;
  return rows.length === 0 ? [] : [{ LocationId: home.LocationId, Title: `All locations (${home.Title})`, Counts, Total: report.Total }];
}

/**
 * Each row with its APPROVED permits whose work is stopped, from the count per location the device
 * judged (the ungrouped row: all of them).
 */
export function withSuspended(rows: readonly ReportRow[], suspendedAt: ReadonlyMap<number, number>, grouped: boolean): ReportRow[] {
  const all = [...suspendedAt.values()].reduce((sum, n) => sum + n, 0);
  return rows.map((row) => ({ ...row, Suspended: grouped ? (suspendedAt.get(row.LocationId) ?? 0) : all }));
}

/** Whether the table and CSV need the Work suspended column: some row has stopped work. */
export const showsSuspended = (rows: readonly ReportRow[]) => rows.some((row) => (row.Suspended ?? 0) > 0);

export const SUSPENDED_COLUMN = 'Work suspended';

/** The states that have a permit in some row, in lifecycle order: the table's and chart's columns. */
export const statesShown = (rows: readonly ReportRow[], states: readonly PermitState[]): PermitState[] =>
  states.filter((state) => rows.some((row) => (row.Counts[state] ?? 0) > 0));

/** Where a count cell leads: the permit search, filtered to that state and location (SPEC §2). */
export const searchLink = (state: PermitState, locationId: number) =>
  `/permits/search?${new URLSearchParams({ State: state, locationId: String(locationId), from: 'reporting' }).toString()}`;

export const CSV_FILE_NAME = 'permits-by-state-report.csv';

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * The table as CSV for Excel: a byte-order mark first, or Excel reads UTF-8 as the machine's
 * code page and mangles titles such as "UREA/CO₂"; CRLF line ends as RFC 4180 has them.
 */
export function reportCsv(rows: readonly ReportRow[], states: readonly PermitState[]): string {
  const suspended = showsSuspended(rows);
  const header = ['Location', 'LocationId', ...states, ...(suspended ? [SUSPENDED_COLUMN] : []), 'Total'];
  const lines = rows.map((row) => [row.Title, row.LocationId, ...states.map((s) => row.Counts[s] ?? 0), ...(suspended ? [row.Suspended ?? 0] : []), row.Total]);
  return `\uFEFF${[header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** What a screen reader says of the chart: each location's counts by state, as the table gives them (ECharts' own reads as value lists). */
export function chartDescription(rows: readonly ReportRow[], states: readonly PermitState[]): string {
  return ['Permits by state.', ...rows.map((r) => `${r.Title}: ${states.map((state) => `${state} ${r.Counts[state] ?? 0}`).join(', ')}.`)].join(' ');
}
