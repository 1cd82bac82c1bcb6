/**
 * How an event reads in a log (the lab's event log, the tour's strip): refusals red, acceptances
 * green, faults amber, lease changes blue, messages as arrows. A tone is a class suffix
 * (`fl-tone-<tone>`) and a glyph.
 */
import type { TraceEvent } from '../sim'

export type Tone = 'bad' | 'ok' | 'fault' | 'lease' | 'message' | 'info'

export const TONE_GLYPHS: Record<Tone, string> = {
  bad: '✗',
  ok: '✓',
  fault: '⚡',
  lease: '◆',
  message: '→',
  info: '·',
}

export function toneOf(event: TraceEvent): Tone {
  switch (event.type) {
    case 'WriteRejected':
    case 'ReadRejected':
    case 'WriteDiscarded':
    case 'RenewRefused':
    case 'ReleaseRefused':
    case 'LeaseCheckFailed':
    case 'MessageDropped':
      return 'bad'
    case 'WriteAccepted':
    case 'WriteApplied':
    case 'ReadServed':
      return 'ok'
    case 'NodePaused':
    case 'NodeResumed':
    case 'NodeCrashed':
    case 'NodeRestarted':
    case 'ClockJumped':
    case 'PartitionStarted':
    case 'PartitionHealed':
    case 'LinkFaultArmed':
      return 'fault'
    case 'LeaseGranted':
    case 'LeaseRenewed':
    case 'LeaseReleased':
    case 'LeaseExpired':
    case 'LeaseForgotten':
    case 'BeliefStarted':
    case 'BeliefEnded':
    case 'LockDelayStarted':
    case 'LockDelayEnded':
      return 'lease'
    case 'MessageSent':
    case 'MessageDelivered':
      return 'message'
    default:
      return 'info'
  }
}
