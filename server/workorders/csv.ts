import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../http/errors';
import { columnMeaning, NUMBER_COLUMNS } from './columns';
import type { RawRow } from './importRows';

/** ERP list exports use commas, semicolons (SAP in European locales) or tabs: the header line tells which. */
function delimiterOf(header: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * A CSV file's rows, each with its line number. A file that is not valid CSV, or whose header
 * names no work order number, is refused as a whole with the line to fix.
 */
export function readCsv(textBody: string): RawRow[] {
  const header = textBody.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(textBody, { columns: true, bom: true, info: true, skip_empty_lines: true, trim: true, delimiter: delimiterOf(header) });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw badRequest(`The CSV file could not be read at line ${line}: ${error.message}. Correct that line and send the file again.`);
    }
    throw error;
  }
  const names = header.split(delimiterOf(header)).map((n) => n.trim().replace(/^"|"$/g, ''));
  if (!names.some((n) => columnMeaning(n)?.field === 'workOrderNumber')) {
    throw badRequest(`The CSV header (line 1) names no work order number column: use one of ${NUMBER_COLUMNS}.`);
  }
  return records.map(({ record, info }) => ({ row: info.lines, fields: record }));
}
