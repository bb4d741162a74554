/** The export's days are UTC days (README, Audit trail), so the defaults are counted in UTC too. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const DAY_MS = 86_400_000;

/** The last 30 days, today included: what an administrator asks for most often. */
export function lastThirtyDays(now = Date.now()): { from: string; to: string } {
  return { from: utcDay(now - 29 * DAY_MS), to: utcDay(now) };
}
