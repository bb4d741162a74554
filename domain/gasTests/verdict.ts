import type { GasLimit, GasMeasurement } from '../../schemas';

export type GasStatus = 'ok' | 'high' | 'low' | 'missing';

/** One gas of a reading against its limit, with the words a person reads (an icon and words, never colour alone). */
export interface GasVerdict {
  Gas: string;
  Value: number | null;
  Limit: GasLimit;
  Status: GasStatus;
  Words: string;
}

const amount = (value: number, unit: string) => `${value} ${unit}`;

/** A limit in words: "19.5–23.5 %", "below 10 %", "at most 1 %", "at least 19.5 %". */
export function limitWords(l: GasLimit): string {
  if (l.Low !== null && l.High !== null) return `${l.Low}–${amount(l.High, l.Unit)}`;
  if (l.High !== null) return `${l.HighInclusive ? 'at most' : 'below'} ${amount(l.High, l.Unit)}`;
  return `at least ${amount(l.Low ?? 0, l.Unit)}`;
}

/** Where a value lies against its limit. */
export function statusOf(value: number | null, l: GasLimit): GasStatus {
  if (value === null) return 'missing';
  if (l.Low !== null && value < l.Low) return 'low';
  if (l.High !== null && (l.HighInclusive ? value > l.High : value >= l.High)) return 'high';
  return 'ok';
}

const WORDS: Record<GasStatus, string> = { ok: 'within its limit', high: 'above its limit', low: 'below its limit', missing: 'not measured' };

/** A measurement's value of a gas: one of the four, or an extra gas (null when not measured). */
export function valueOf(measurement: GasMeasurement, gas: string): number | null {
  if (gas === 'O2' || gas === 'LEL' || gas === 'H2S' || gas === 'CO') return measurement[gas];
  return measurement.Extra.find((e) => e.Gas === gas)?.Value ?? null;
}

/** Each gas the limits name, judged: "LEL 14 % is above its limit (below 10 %)". */
export function judge(measurement: GasMeasurement, limits: readonly GasLimit[]): GasVerdict[] {
  return limits.map((l) => {
    const value = valueOf(measurement, l.Gas);
    const Status = statusOf(value, l);
    const what = value === null ? l.Gas : `${l.Gas} ${amount(value, l.Unit)}`;
    return { Gas: l.Gas, Value: value, Limit: l, Status, Words: `${what} is ${WORDS[Status]} (${limitWords(l)})` };
  });
}

/** Out of limit: the atmosphere is not safe for the work. */
export const outOfLimit = (verdicts: readonly GasVerdict[]) => verdicts.filter((v) => v.Status === 'high' || v.Status === 'low');

/** Passing: every gas measured and within its limit. A gas not measured proves nothing, so it does not pass — nor does it stop the work. */
export const passes = (verdicts: readonly GasVerdict[]) => verdicts.every((v) => v.Status === 'ok');
