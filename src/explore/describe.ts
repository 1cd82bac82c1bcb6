/** Plain words for an injected fault, for a counterexample's description and for the UI. */
import type { Fault } from '../sim'
import { describeFault as describeSimFault, formatDurationMs } from '../sim'
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

/** A fault in words, lower-cased to sit inside a sentence ("…: pause A at 1 s for 15 s; …"). */
export function describeFault(f: Fault): string {
  const words = describeSimFault(f)
  return words.charAt(0).toLowerCase() + words.slice(1)
}
