import type { GasReading } from '../../schemas';
import type { GasRules } from './limits';
import { judge, passes } from './verdict';

/** What the rules read of a reading. */
export type ReadingFacts = Pick<GasReading, 'ReadingId' | 'TakenAt' | 'ReceivedAt' | 'SamplePoint' | 'Corrects' | 'O2' | 'LEL' | 'H2S' | 'CO' | 'Extra'>;

/** Oldest first by when they were taken; two devices' readings of one moment by arrival, then id, so every replica orders them alike. */
export const byTime = (a: ReadingFacts, b: ReadingFacts) =>
  Date.parse(a.TakenAt) - Date.parse(b.TakenAt) || a.ReceivedAt.localeCompare(b.ReceivedAt) || a.ReadingId.localeCompare(b.ReadingId);

/** The readings in force: a reading another one corrects no longer counts (its correction does), oldest first. */
export function inForce<R extends ReadingFacts>(readings: readonly R[]): R[] {
  const corrected = new Set(readings.flatMap((r) => (r.Corrects ? [r.Corrects] : [])));
  return readings.filter((r) => !corrected.has(r.ReadingId)).sort(byTime);
}

/** The last reading in force at each sample point: the atmosphere as last known, point by point. */
export function latestByPoint<R extends ReadingFacts>(readings: readonly R[]): R[] {
  const latest = new Map<string, R>();
  for (const r of inForce(readings)) latest.set(r.SamplePoint.trim().toLowerCase(), r);
  return [...latest.values()];
}

export const readingPasses = (reading: ReadingFacts, rules: Pick<GasRules, 'limits'>) => passes(judge(reading, rules.limits));

/** The last passing reading in force, from which the next retest is counted; null when none passed. */
export function lastPassing<R extends ReadingFacts>(readings: readonly R[], rules: Pick<GasRules, 'limits'>): R | null {
  return inForce(readings).filter((r) => readingPasses(r, rules)).at(-1) ?? null;
}

/** Whether every sample point's last reading passes: one failing point (the drum's bottom) means the space is not safe. */
export const everyPointPasses = (readings: readonly ReadingFacts[], rules: Pick<GasRules, 'limits'>) =>
  latestByPoint(readings).every((r) => readingPasses(r, rules));
