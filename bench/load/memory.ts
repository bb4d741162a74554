/**
 * Whether the server's memory stays flat: its RSS sampled once a second while the load runs.
 * The first fifth of the samples is warm-up (the JIT, pools and heap settling under the new
 * load); of the rest, the last fifth is compared with the first, and a least-squares line
 * gives the trend.
 */
export interface MemoryTrend {
  samples: number[];
  /** Median RSS (MB) of the first and last fifth after warm-up. */
  firstMb: number;
  lastMb: number;
  /** lastMb − firstMb. */
  growthMb: number;
  /** The fitted slope after warm-up, MB per minute. */
  slopeMbPerMin: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

function slopePerSample(values: number[]): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

export function memoryTrend(samples: number[], intervalMs: number): MemoryTrend {
  const measured = samples.filter(Number.isFinite);
  const window = measured.slice(Math.floor(measured.length / 5));
  const fifth = Math.max(1, Math.floor(window.length / 5));
  const firstMb = median(window.slice(0, fifth));
  const lastMb = median(window.slice(-fifth));
  return { samples: measured, firstMb, lastMb, growthMb: lastMb - firstMb, slopeMbPerMin: slopePerSample(window) * (60_000 / intervalMs) };
}

/** Samples `read()` every `intervalMs` until stopped. */
export function sampleEvery(intervalMs: number, read: () => number): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(read()), intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}
