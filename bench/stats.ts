/** Order statistics shared by every benchmark, so "median" and "p95" mean one thing everywhere. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  // Nearest rank: p95 of 20 samples is the 19th, never an interpolated value nobody measured.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)))
  return sorted[rank - 1] as number
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export function round(x: number, digits = 1): number {
  return Math.round(x * 10 ** digits) / 10 ** digits
}
