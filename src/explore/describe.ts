/** Plain words for an injected fault, for a counterexample's description and for the UI. */
import type { Fault } from '../sim'
import { formatDurationMs, formatMs } from '../sim'
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

export function describeFault(f: Fault): string {
  const at = `at ${formatMs(f.atMs)}`
  switch (f.do) {
    case 'pause':
      return `pause ${f.node} ${at} for ${formatDurationMs(f.ms)}`
    case 'delay':
      return `delay the next message from ${f.from} to ${f.to} ${at} by ${formatDurationMs(f.ms)}`
    case 'drop':
      return `drop the next message from ${f.from} to ${f.to} ${at}`
    case 'partition': {
      const [a, b] = f.between
      const how = f.ms === undefined ? 'for good' : `for ${formatDurationMs(f.ms)}`
      return `partition ${a} from ${b} ${at} ${how}`
    }
    case 'clock-jump': {
      const sign = f.ms >= 0 ? '+' : '−'
      return `jump ${f.node}’s clock by ${sign}${formatDurationMs(Math.abs(f.ms))} ${at}`
    }
    case 'crash':
      return f.restartAfterMs === undefined
        ? `crash ${f.node} ${at} (no restart)`
        : `crash ${f.node} ${at} and restart it ${formatDurationMs(f.restartAfterMs)} later`
    case 'expire-lease':
      return `expire the lease ${at}`
  }
}
