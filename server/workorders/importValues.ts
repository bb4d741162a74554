/**
 * Reading the values of an ERP export: dates as SAP and Oracle write them, status lists, text.
 * A value that cannot be read gives a sentence for the row's report, never an exception.
 */
import type { WorkOrder } from '../../schemas';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const utc = (y: number, m: number, d: number, time = '') => {
  const [h = 0, min = 0, s = 0] = time ? time.split(':').map(Number) : [];
  const date = new Date(Date.UTC(y, m - 1, d, h, min, s));
  // Date.UTC rolls 31.02 over into March: a date that does not exist is refused, not moved.
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && h < 24 && min < 60 && s < 60 ? date : null;
};

const TIME = String.raw`(?:[ T](\d{1,2}:\d{2}(?::\d{2})?))?`;
/** SAP's list date (DD.MM.YYYY) and internal date (YYYYMMDD); Oracle's DD-MON-YYYY (or -YY). */
const SAP_DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`);
const SAP_COMPACT = new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})${TIME}$`);
const ORACLE = new RegExp(String.raw`^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})${TIME}$`);
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The instant a scheduled start names. A date without a time is 00:00, and one without a zone
 * is UTC (ERP exports carry no zone; document the plant's convention with the integrator).
 */
export function parseStart(value: string, time = ''): Date | null {
  const text = value.trim();
  const extra = time.trim();
  let match = SAP_DOTTED.exec(text);
  if (match) return utc(Number(match[3]), Number(match[2]), Number(match[1]), match[4] ?? extra);
  match = SAP_COMPACT.exec(text);
  if (match) return utc(Number(match[1]), Number(match[2]), Number(match[3]), match[4] ?? extra);
  match = ORACLE.exec(text);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.toUpperCase()) + 1;
    const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return month > 0 ? utc(year, month, Number(match[1]), match[4] ?? extra) : null;
  }
  if (ISO.test(text)) {
    const withTime = text.length === 10 && extra ? `${text}T${extra}` : text;
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(withTime) || withTime.length === 10 ? withTime : `${withTime.replace(' ', 'T')}Z`;
    const date = new Date(withTime.length === 10 ? `${withTime}T00:00:00Z` : zoned);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/**
 * A status list: a JSON array as it is; SAP's status text is codes separated by spaces
 * ("REL PRC SETC"); Oracle's names may hold spaces ("On Hold"), so only , ; | separate them.
 */
export function parseStatuses(value: unknown, system: WorkOrder['sourceSystem']): string[] | null {
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? value.map((v: string) => v.trim()).filter(Boolean) : null;
  if (typeof value !== 'string') return value === undefined || value === null ? [] : null;
  const separator = system === 'SAP' ? /[\s,;|]+/ : /\s*[,;|]\s*/;
  return value.split(separator).map((s) => s.trim()).filter(Boolean);
}

/** A text field: strings and numbers (a number column read from JSON) as text. */
export function text(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
