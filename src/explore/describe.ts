/** Plain words for a choose() answer, for a counterexample's description and for the UI. */
import { formatDurationMs } from '../sim'
import type { ChoiceDeviation } from './types'

/** Plain words for a choose() answer that differs from the seeded run. */
export function describeChoice(c: ChoiceDeviation): string {
  const where = `choice point ${c.index + 1}`
  return c.point === 'latency'
    ? `a one-way latency of ${formatDurationMs(c.answer)} (${where})`
    : `the ${ordinal(c.answer + 1)} of the messages due at the same ms handled first (${where})`
}

function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
