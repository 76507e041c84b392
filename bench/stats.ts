// Percentiles of measured times, shared by the benchmarks (nearest-rank on a sorted list).

/** The p-th percentile of an ascending list (nearest rank); NaN for an empty list. */
export function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Count, p50, p95, p99 and max of a list of times (any order). */
export function stats(ms: readonly number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
}
