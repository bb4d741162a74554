/** Order statistics for the bench's samples. */

/** The q-quantile (0..1) by nearest rank: a value that was measured, never interpolated. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const median = (samples: readonly number[]) => quantile(samples, 0.5);

/** "1234 ms" below ten seconds, "12.3 s" above. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export const formatMb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : '–');

/** The samples themselves, for the reader to judge the spread. */
export const formatSamples = (samples: readonly number[]) => samples.map((s) => Math.round(s)).join(' ');
