/**
 * A fault in words, as an instruction: "Pause client A at 1 s for 15 s". One wording for the
 * fault list, announcements, counterexample descriptions and the CLI.
 */
import type { Fault, NodeId, Scenario } from '../scenario'
import { LOCK_NODE } from '../scenario'
import { formatDurationMs, formatMs } from '../time'

/** A node as named in instructions: "the lock service", "client A", or a resource's id. */
export function nodeLabel(id: NodeId, scenario?: Scenario): string {
  if (id === LOCK_NODE) return 'the lock service'
  if (scenario?.clients.some((c) => c.id === id) === true) return `client ${id}`
  return id
}

export function describeFault(fault: Fault, scenario?: Scenario): string {
  const at = `at ${formatMs(fault.atMs)}`
  const name = (id: NodeId) => nodeLabel(id, scenario)
  switch (fault.do) {
    case 'pause':
      return `Pause ${name(fault.node)} ${at} for ${formatDurationMs(fault.ms)}`
    case 'resume':
      return `Resume ${name(fault.node)} ${at}`
    case 'delay':
      return `Delay the next message from ${name(fault.from)} to ${name(fault.to)} ${at} by ${formatDurationMs(fault.ms)}`
    case 'drop':
      return `Drop the next message from ${name(fault.from)} to ${name(fault.to)} ${at}`
    case 'partition':
      return `Cut the network between ${name(fault.between[0])} and ${name(fault.between[1])} ${at}${fault.ms === undefined ? ', for good' : ` for ${formatDurationMs(fault.ms)}`}`
    case 'expire-lease':
      return `Expire the lease ${at}`
    case 'crash':
      return `Crash ${name(fault.node)} ${at}${fault.restartAfterMs === undefined ? ', with no restart' : ` and restart it ${formatDurationMs(fault.restartAfterMs)} later`}`
    case 'clock-jump':
      return `Jump the clock of ${name(fault.node)} ${fault.ms >= 0 ? 'forward' : 'back'} by ${formatDurationMs(Math.abs(fault.ms))} ${at}`
  }
}

/** A fault in words, lower-cased to sit inside a sentence ("…: pause A at 1 s for 15 s; …"). */
export function faultClause(fault: Fault, scenario?: Scenario): string {
  const words = describeFault(fault, scenario)
  return words.charAt(0).toLowerCase() + words.slice(1)
}
