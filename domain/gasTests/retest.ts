import type { GasRules } from './limits';
import { lastPassing, type ReadingFacts } from './readings';

const MINUTE = 60_000;

/** When the next gas test is due: `none` when no reading has passed yet, else due at, and by how much it is overdue (0 when not). */
export type Retest = { kind: 'none' } | { kind: 'due'; dueAt: Date; overdueMinutes: number };

/** The retest of a permit's readings at `now`: the last passing reading plus the interval. Whole minutes overdue, counted down. */
export function retest(readings: readonly ReadingFacts[], rules: Pick<GasRules, 'limits' | 'retestMinutes'>, now: Date): Retest {
  const last = lastPassing(readings, rules);
  if (!last) return { kind: 'none' };
  const dueAt = new Date(Date.parse(last.TakenAt) + rules.retestMinutes * MINUTE);
  return { kind: 'due', dueAt, overdueMinutes: Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / MINUTE)) };
}

/** Overdue once the due time has passed, even by less than a minute: the interval is a limit, not a target. */
export const isOverdue = (r: Retest, now: Date) => r.kind === 'due' && now.getTime() > r.dueAt.getTime();

/** hh:mm on the site's clock (24-hour), whatever the device's zone. */
export function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** The words on a permit's page and card: "Gas test due at 01:30", "Gas test overdue by 12 min", or that none has passed. */
export function retestWords(r: Retest, now: Date, timeZone: string): string {
  if (r.kind === 'none') return 'No passing gas test yet';
  if (!isOverdue(r, now)) return `Gas test due at ${clockTime(r.dueAt, timeZone)}`;
  return `Gas test overdue by ${Math.max(1, r.overdueMinutes)} min`;
}
