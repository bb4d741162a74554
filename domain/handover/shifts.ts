import type { ShiftDefinition, ShiftPattern, ShiftPatternBody } from '../../schemas';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Day 06:00–18:00 and Night 18:00–06:00, the pattern of most process plants, until an administrator sets the site's. */
export const defaultShiftPattern = (SiteId: number, TimeZone = 'UTC'): ShiftPattern => ({
  SiteId, TimeZone, Shifts: [{ Name: 'Day', Start: '06:00', End: '18:00' }, { Name: 'Night', Start: '18:00', End: '06:00' }],
});

/** A shift as it runs on a given day: its name and its start and end instants (end exclusive). */
export interface Shift {
  name: string;
  start: Date;
  end: Date;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
/** How long a shift lasts on the clock's face: an end at or before the start is the next day's. */
const lengthOf = (s: ShiftDefinition) => ((minutesOf(s.End) - minutesOf(s.Start) + 24 * 60 - 1) % (24 * 60)) + 1;

/** A pattern that cannot tell which shift an instant is in, in words; null when each minute of the day is in exactly one shift. */
export function shiftPatternProblem(pattern: ShiftPatternBody): string | null {
  // What the schema also refuses, said here too so the device tells it before anything is sent.
  if (pattern.Shifts.length === 0) return 'Give at least one shift: a single one from 06:00 to 06:00 covers the whole day.';
  if (pattern.Shifts.length > 6) return `A site has at most 6 shifts a day; this pattern has ${pattern.Shifts.length}.`;
  for (const [i, s] of pattern.Shifts.entries()) {
    if (!s.Name.trim()) return `Give shift ${i + 1} a name, such as Day or Night.`;
    if (!CLOCK.test(s.Start) || !CLOCK.test(s.End)) return `Give the start of the ${s.Name.trim()} shift as HH:MM on a 24-hour clock, e.g. 06:00.`;
  }
  const grace = pattern.Revalidation?.GraceMinutes;
  if (grace !== undefined && (!Number.isInteger(grace) || grace < 0 || grace > 12 * 60)) return 'Give the revalidation grace period as a whole number of minutes from 0 to 720.';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: pattern.TimeZone });
  } catch {
    return `${pattern.TimeZone} is not a time zone: give the site's zone as in America/Chicago or Europe/Amsterdam.`;
  }
  const names = new Set<string>();
  for (const s of pattern.Shifts) {
    const name = s.Name.trim().toLowerCase();
    if (names.has(name)) return `Two shifts are named ${s.Name.trim()}: give each shift its own name.`;
    names.add(name);
  }
  const ordered = [...pattern.Shifts].sort((a, b) => minutesOf(a.Start) - minutesOf(b.Start));
  for (const [i, s] of ordered.entries()) {
    const twin = ordered[i + 1];
    if (twin && twin.Start === s.Start) return `The ${s.Name.trim()} and ${twin.Name.trim()} shifts both start at ${s.Start}: give each shift its own start time.`;
  }
  for (const [i, s] of ordered.entries()) {
    const next = ordered[(i + 1) % ordered.length]!;
    if (s.End !== next.Start) {
      return ordered.length === 1
        ? `The ${s.Name} shift runs ${s.Start}–${s.End}: a single shift must end when it starts (e.g. ${s.Start}–${s.Start}) so that it covers the whole day.`
        : `The ${s.Name} shift ends at ${s.End} but the next shift, ${next.Name}, starts at ${next.Start}: each shift must end when the next begins, so that every hour of the day is in exactly one shift.`;
    }
  }
  const total = ordered.reduce((sum, s) => sum + lengthOf(s), 0);
  if (total !== 24 * 60) return `The shifts add up to ${Math.round(total / 6) / 10} hours: together they must cover the 24 hours of a day once.`;
  return null;
}

/**
 * The shifts as the settings screen asks for them, by name and start: each ends where the next
 * (by start time, round the clock) begins, so the day is tiled unless two start together.
 */
export function shiftsFromStarts(starts: readonly { Name: string; Start: string }[]): ShiftDefinition[] {
  const ordered = [...starts].sort((a, b) => (CLOCK.test(a.Start) && CLOCK.test(b.Start) ? minutesOf(a.Start) - minutesOf(b.Start) : 0));
  return ordered.map((s, i) => ({ Name: s.Name.trim(), Start: s.Start, End: ordered[(i + 1) % ordered.length]!.Start }));
}

/** Making a formatter costs ~50 times formatting with one: a page asks for hundreds of readings. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of an instant in a zone, as if it were UTC: its difference from the instant is the zone's offset then. */
function wallClock(at: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(at).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) + (((at % 1000) + 1000) % 1000);
}

const offsetAt = (at: number, timeZone: string) => wallClock(at, timeZone) - at;

/**
 * The instant a wall-clock time (as if UTC) names in a zone. A time that occurs twice when the
 * clocks go back is the first; one skipped when they go forward is read with the offset before the
 * change (02:30 on a spring-forward night is 03:30), as Temporal's "compatible" does. The zone's
 * rules are Intl's: no table of our own.
 */
export function instantOf(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const early = wall - before;
  const late = wall - after;
  const fits = (t: number) => wallClock(t, timeZone) === wall;
  if (fits(early) && fits(late)) return Math.min(early, late);
  if (fits(early)) return early;
  if (fits(late)) return late;
  return early;
}

/** The shifts that start on a calendar day (midnight of it as if UTC) of the site's clock. */
function shiftsStarting(day: number, pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone'>): Shift[] {
  return pattern.Shifts.map((s) => {
    const start = day + minutesOf(s.Start) * MINUTE;
    return { name: s.Name, start: new Date(instantOf(start, pattern.TimeZone)), end: new Date(instantOf(start + lengthOf(s) * MINUTE, pattern.TimeZone)) };
  });
}

/**
 * The shift an instant is in (start inclusive, end exclusive). A shift's end and the next one's
 * start are the same wall-clock time, read the same way, so the shifts tile time: across midnight,
 * and on the nights the clocks change (a night shift is then an hour shorter or longer).
 */
export function shiftAt(pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone'>, at: Date): Shift {
  const t = at.getTime();
  const wall = wallClock(t, pattern.TimeZone);
  const today = wall - (((wall % DAY) + DAY) % DAY);
  for (const day of [today - DAY, today, today - 2 * DAY]) {
    const found = shiftsStarting(day, pattern).find((s) => s.start.getTime() <= t && t < s.end.getTime());
    if (found) return found;
  }
  throw new Error(`The shift pattern of ${pattern.TimeZone} does not cover ${at.toISOString()}: check it with shiftPatternProblem before use.`);
}

/** The shift after the one an instant is in. */
export const nextShift = (pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone'>, at: Date): Shift => shiftAt(pattern, shiftAt(pattern, at).end);

/** The shift before the one an instant is in: the one handed over at its start. */
export const previousShift = (pattern: Pick<ShiftPattern, 'Shifts' | 'TimeZone'>, at: Date): Shift =>
  shiftAt(pattern, new Date(shiftAt(pattern, at).start.getTime() - 1));
