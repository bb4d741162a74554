/**
 * What the load run counts: latencies in HDR histograms (constant memory over any run length,
 * exact to 3 significant digits) and answers by kind.
 */
import { build, type Histogram } from 'hdr-histogram-js';
import { ApiError } from '../../replication/http';

/** Microseconds, up to two minutes. */
export const latencyHistogram = (): Histogram => build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });

export const percentileMs = (histogram: Histogram, p: number) => (histogram.totalCount === 0 ? Number.NaN : histogram.getValueAtPercentile(p) / 1000);

/**
 * Answers that are not a success. `expected` holds 429s that carry Retry-After (the server's
 * "not yet", which the client waits out); every other status — and 0 for no answer at all —
 * is an error.
 */
export class Refusals {
  readonly errors = new Map<string, number>();
  expected = 0;

  count(error: unknown): void {
    if (error instanceof ApiError && error.status === 429 && error.retryAfterMs !== undefined) {
      this.expected += 1;
      return;
    }
    const kind = error instanceof ApiError ? `${error.status} ${error.message}` : `failed: ${error instanceof Error ? error.message : String(error)}`;
    this.add(kind.slice(0, 160));
  }

  add(kind: string, n = 1): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + n);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}
