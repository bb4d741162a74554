import { OPEN_PERMIT_STATES, type PermitState } from '../../schemas';
import type { SimopsHazard } from '../../schemas/simops';
import { isWorkLocationSet } from '../plotPlans';
import type { SimopsWork } from './clash';

/** What `simopsWork` reads of a permit: its replica document with the display field `validUntil` derived from its form. */
export interface SimopsPermitFacts {
  PermitInstanceId: string;
  State: PermitState;
  Latitude: number | null;
  Longitude: number | null;
  /** When it was issued (APPROVED); null before. */
  EffectiveDate: string | null;
  /** The planned day, YYYY-MM-DD. */
  workDate: string;
  /** When its validity ends, from its form; '' when the form does not say. */
  validUntil: string;
  permitTypes: readonly { Name: string }[];
  ContentJSON: Record<string, unknown>;
}

/** The plot plan a permit is drawn on, and the plan's scale. */
export interface SimopsPlace {
  plan: number;
  metresPerUnit: number;
}

/**
 * A plan nobody calibrated: the sheet (1,020 units wide, SPEC §9) taken as 255 m across, a
 * process unit's plot. The map says the distances are estimates until an administrator sets the scale.
 */
export const DEFAULT_METRES_PER_UNIT = 0.25;
/** How far ahead planned work counts (issue 38). */
export const PLANNED_HORIZON_MS = 24 * 3_600_000;
/** An issued permit whose form gives no end: one shift. */
export const ISSUED_WITHOUT_END_MS = 12 * 3_600_000;

const DAY_MS = 24 * 3_600_000;

/** Midnight starting the day (YYYY-MM-DD…), on the device's (or server's) calendar; NaN for anything else. */
const midnight = (day: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(day) ? new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))).getTime() : Number.NaN;
// The last day asked for: a site's planned permits nearly all share today's, and a full recompute asks 5,000 times.
let lastDay = '';
let lastMidnight = Number.NaN;
function startOfDay(day: string): number {
  if (day !== lastDay) {
    lastMidnight = midnight(day);
    lastDay = day;
  }
  return lastMidnight;
}

/**
 * A permit as the clash function sees it, or null when it cannot clash now: not open, not placed
 * on a plot plan, over, or planned further ahead than the horizon (its window: `simopsWindow`).
 */
export function simopsWork(permit: SimopsPermitFacts, place: SimopsPlace | undefined, hazards: readonly SimopsHazard[], now: number): SimopsWork | null {
  if (!OPEN_PERMIT_STATES.includes(permit.State) || !place || !isWorkLocationSet(permit.Latitude, permit.Longitude)) return null;
  const window = simopsWindow(permit);
  if (!window) return null;
  const { start, end } = window;
  if (end <= now || start >= now + PLANNED_HORIZON_MS) return null;
  const kinds = permit.permitTypes.map((t) => t.Name);
  for (const hazard of hazards) if (!kinds.includes(hazard.Key) && anyFlagged(permit.ContentJSON, hazard.Fields)) kinds.push(hazard.Key);
  return {
    id: permit.PermitInstanceId,
    plan: place.plan,
    x: permit.Longitude! * place.metresPerUnit,
    y: permit.Latitude! * place.metresPerUnit,
    start,
    end,
    kinds,
  };
}

/**
 * When a permit's work runs, whatever the clock says: from its issue (or, while planned, the start
 * of its work day) to the end its form gives (else a shift after issue, or the end of the planned
 * day); null when it names no day. A device reads it to know when a permit enters or leaves `simopsWork`.
 */
export function simopsWindow(permit: Pick<SimopsPermitFacts, 'EffectiveDate' | 'workDate' | 'validUntil'>): { start: number; end: number } | null {
  const issued = permit.EffectiveDate ? Date.parse(permit.EffectiveDate) : Number.NaN;
  const start = Number.isNaN(issued) ? startOfDay(permit.workDate) : issued;
  if (Number.isNaN(start)) return null;
  const until = permit.validUntil ? Date.parse(permit.validUntil) : Number.NaN;
  const end = until > start ? until : Number.isNaN(issued) ? startOfDay(permit.workDate) + DAY_MS : start + ISSUED_WITHOUT_END_MS;
  return { start, end };
}

function anyFlagged(content: Record<string, unknown>, fields: readonly string[]): boolean {
  for (const field of fields) if (flagged(content, field)) return true;
  return false;
}

/** A form field's name (`form.key`) split once: a full recompute reads the same few fields of 5,000 permits. */
const fieldPaths = new Map<string, [string, string]>();
function fieldPath(field: string): [string, string] {
  let path = fieldPaths.get(field);
  if (!path) {
    const dot = field.indexOf('.');
    fieldPaths.set(field, (path = [field.slice(0, dot), field.slice(dot + 1)]));
  }
  return path;
}

const SAYS_NO = new Set(['', 'no', 'false', 'n/a', 'na']);

/** Whether a form field (`form.key`) says yes: a ticked box, a "yes", a non-empty answer or choice. */
function flagged(content: Record<string, unknown>, field: string): boolean {
  const [form, key] = fieldPath(field);
  const value = (content[form] as Record<string, unknown> | undefined)?.[key];
  if (typeof value === 'string') return !SAYS_NO.has(value.trim().toLowerCase());
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.values(value).some((v) => v === true);
  return Boolean(value);
}
