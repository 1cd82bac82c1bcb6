/**
 * Every event in words, for the event log, screen readers and the text CLI: "storage rejected
 * A's write: token 41 < 42". Plain text only — callers render it as text, never as HTML.
 */
import type { ResourceValue, Token } from './scenario'
import { formatDurationMs, formatMs } from './time'
import type { MessageKind, TraceEvent } from './trace'
import { article, capital, LABEL_VALUE_CHARS, possessive, tokenWords, valueWords } from './words'

const KIND_WORDS: Record<MessageKind, string> = {
  acquire: 'acquire request',
  grant: 'grant',
  'acquire-refused': 'refusal',
  renew: 'renew request',
  'renew-ok': 'renew confirmation',
  'renew-refused': 'renew refusal',
  release: 'release request',
  'release-ok': 'release confirmation',
  'release-refused': 'release refusal',
  read: 'read request',
  'read-ok': 'read reply',
  'read-rejected': 'read rejection',
  write: 'write',
  effect: 'effect',
  'write-ok': 'write acknowledgement',
  'write-rejected': 'write rejection',
}

export function messageWords(kind: MessageKind): string {
  return KIND_WORDS[kind]
}

/** A short label for a message arrow: "grant 41", "write A·41", "renew 41". */
export function messageLabel(kind: MessageKind, token: Token, value: ResourceValue): string {
  const t = token === null ? '' : ` ${token}`
  switch (kind) {
    case 'grant':
    case 'renew':
    case 'release':
      return `${kind}${t}`
    case 'acquire-refused':
      return 'taken'
    case 'write':
    case 'effect':
      return `${kind} ${valueWords(value, LABEL_VALUE_CHARS)}${token === null ? '' : ` · ${token}`}`
    case 'read':
      return 'read'
    case 'read-ok':
      return `read → ${valueWords(value, LABEL_VALUE_CHARS)}`
    case 'write-ok':
      return 'ok'
    case 'write-rejected':
      return 'rejected'
    default:
      return kind
  }
}

/** One sentence describing the event (no time prefix). */
export function describeEvent(e: TraceEvent): string {
  switch (e.type) {
    case 'MessageSent': {
      const what = `${subject(e.node)} sent ${article(messageWords(e.kind))}${e.token !== null && e.kind !== 'read' ? ` (${tokenWords(e.token)})` : ''} to ${nodeName(e.to)}`
      if (e.deliverAtMs === null) return `${what}; it never left`
      if (e.extraDelayMs > 0) {
        return `${what}; the network holds it for an extra ${formatDurationMs(e.extraDelayMs)}`
      }
      return what
    }
    case 'MessageDropped':
      switch (e.reason) {
        case 'partition':
          return `The ${messageWords(e.kind)} from ${nodeName(e.from)} to ${nodeName(e.to)} was lost: ${nodeName(e.from)} and ${nodeName(e.to)} are partitioned`
        case 'drop':
          return `The network dropped the ${messageWords(e.kind)} from ${nodeName(e.from)} to ${nodeName(e.to)}`
        case 'crashed':
          return `The ${messageWords(e.kind)} from ${nodeName(e.from)} was lost: ${nodeName(e.to)} is down`
      }
      return ''
    case 'MessageDelivered': {
      const late = e.atMs - e.sentAtMs
      const suffix = late > 1000 ? ` (sent ${formatDurationMs(late)} earlier)` : ''
      return `${subject(e.node)} received ${possessive(nodeName(e.from))} ${messageWords(e.kind)}${suffix}`
    }
    case 'AcquireQueued':
      return `The lock is taken: ${e.client} waits in line (position ${e.position})`
    case 'AcquireRefused':
      return `${subject(e.node)} refused ${possessive(e.client)} acquire: ${e.reason}`
    case 'QuorumAcquired': {
      const count = `${e.votes} of ${e.nodes} nodes granted (quorum ${e.quorum})`
      if (e.extended) {
        return `${e.node} extended the lock: ${count}; valid until ${formatMs(e.validUntilMs)} by its clock`
      }
      if (!e.held) {
        return `${e.node} counted ${count} and believes it holds the lock without timing the acquisition — by Redlock's rule it holds nothing: ${validityWords(e)}`
      }
      return `${e.node} holds the lock: ${count}; ${validityWords(e)}, until ${formatMs(e.validUntilMs)}`
    }
    case 'QuorumFailed': {
      const count = `${e.votes} of ${e.nodes} nodes (quorum ${e.quorum})`
      if (e.extended) return `${e.node} could not extend the lock: ${count}`
      const why =
        e.votes < e.quorum
          ? `only ${count} granted`
          : `${count} granted, but the acquisition took too long: ${validityWords(e)}`
      const next = e.retrying ? 'and tries again' : 'and gives up'
      return `${e.node} has no lock: ${why}; it releases on every node ${next}`
    }
    case 'LeaseGranted':
      return e.reentrant
        ? `${subject(e.node)} confirmed ${possessive(e.client)} existing lease (${tokenWords(e.token)})`
        : `${subject(e.node)} granted the lease to ${e.client} with ${tokenWords(e.token)}, until ${formatMs(e.expiresAtMs)}`
    case 'LeaseRenewed':
      return e.foreign
        ? `${subject(e.node)} extended ${possessive(e.client)} lease at ${possessive(e.by)} request, until ${formatMs(e.expiresAtMs)} — it did not check the owner`
        : `${subject(e.node)} renewed ${possessive(e.client)} lease (${tokenWords(e.token)}) until ${formatMs(e.expiresAtMs)}`
    case 'RenewRefused':
      return `${subject(e.node)} refused ${possessive(e.client)} renew: ${e.reason}`
    case 'LeaseReleased':
      return e.foreign
        ? `${e.by} released the lock, deleting ${possessive(e.client)} lease (${tokenWords(e.token)}) — the lock service did not check the owner`
        : `${e.client} released the lease (${tokenWords(e.token)})${e.node === 'lock' ? '' : ` on ${e.node}`}`
    case 'ReleaseRefused':
      return `${subject(e.node)} refused ${possessive(e.client)} release: ${e.reason}`
    case 'LeaseExpired':
      return e.byOperator
        ? `An operator expired ${possessive(e.client)} lease (${tokenWords(e.token)})`
        : `${capital(possessive(e.client))} lease (${tokenWords(e.token)}) expired on ${e.node === 'lock' ? "the lock service's" : possessive(e.node)} clock`
    case 'LeaseForgotten':
      return `${subject(e.node)} lost its memory of ${possessive(e.client)} lease (${tokenWords(e.token)}) in the crash`
    case 'LockDelayStarted':
      return `Lock-delay: no new grant before ${formatMs(e.untilMs)}`
    case 'LockDelayEnded':
      return 'Lock-delay is over; the lock can be granted again'
    case 'ReadServed':
      return `${e.node} served ${possessive(e.client)} read: ${valueWords(e.value)}${e.recorded ? ` (recorded ${tokenWords(e.token)})` : ''}`
    case 'ReadRejected':
      return `${e.node} rejected ${possessive(e.client)} read: ${e.reason}`
    case 'WriteAccepted':
      if (e.duplicate) {
        return `${e.node} recognised ${possessive(e.client)} ${e.effect ? 'effect' : 'write'} ${valueWords(e.value)} as a repeat and did nothing`
      }
      return `${e.node} accepted ${possessive(e.client)} ${e.effect ? 'effect' : 'write'} ${valueWords(e.value)} with ${tokenWords(e.token)}`
    case 'WriteRejected':
      return `${e.node} rejected ${possessive(e.client)} ${e.effect ? 'effect' : 'write'}: ${e.reason}`
    case 'WriteChecked':
      return `${e.node} checked ${possessive(e.client)} ${tokenWords(e.token)}: it passes; the write applies at ${formatMs(e.applyAtMs)}`
    case 'WriteApplied':
      if (e.duplicate) {
        return `${e.node} recognised ${possessive(e.client)} write ${valueWords(e.value)} as a repeat and did nothing`
      }
      return `${e.node} applied ${possessive(e.client)} write ${valueWords(e.value)} (${tokenWords(e.token)}, checked at ${formatMs(e.checkedAtMs)})`
    case 'WriteDiscarded':
      return `${e.node} lost ${possessive(e.client)} checked write: ${e.reason}`
    case 'WriteAcknowledged':
      return `${e.node} learned its ${e.effect ? 'effect' : 'write'} to ${e.resource} succeeded`
    case 'BeliefStarted':
      return e.renewed
        ? `${e.node} believes it holds the lock again (${tokenWords(e.token)}), until ${formatMs(e.deadlineMs)} by its clock`
        : `${e.node} now believes it holds the lock (${tokenWords(e.token)})`
    case 'BeliefEnded':
      return `${e.node} stopped believing it holds the lock: ${BELIEF_END_WORDS[e.reason]}`
    case 'LeaseCheckFailed':
      return `${e.node} checked its lease before writing to ${e.resource}: its clock says the lease is over, so it does not write`
    case 'WorkStarted':
      return `${e.node} started ${formatDurationMs(e.ms)} of work`
    case 'WorkFinished':
      return `${e.node} finished its work`
    case 'SleepStarted':
      return `${e.node} sleeps for ${formatDurationMs(e.ms)}`
    case 'SleepFinished':
      return `${e.node} woke up`
    case 'ScriptFinished':
      return e.abandoned ? `${e.node} gave up the rest of its job` : `${e.node} finished its job`
    case 'NodePaused':
      return `${subject(e.node)} paused for ${formatDurationMs(e.ms)} (stop-the-world): it does nothing until ${formatMs(e.untilMs)}`
    case 'NodeResumed':
      return `${subject(e.node)} resumed after ${formatDurationMs(e.pausedMs)}, unaware that time passed`
    case 'NodeCrashed':
      return `${subject(e.node)} crashed${e.stateLost ? ' and lost its memory' : ''}${e.restartAtMs === null ? '' : `; it restarts at ${formatMs(e.restartAtMs)}`}`
    case 'NodeRestarted':
      return `${subject(e.node)} restarted`
    case 'ClockJumped':
      return `${e.node === 'lock' ? "The lock service's" : possessive(e.node)} clock jumped ${e.ms >= 0 ? 'forward' : 'back'} by ${formatDurationMs(Math.abs(e.ms))}`
    case 'PartitionStarted':
      return `The network between ${nodeName(e.between[0])} and ${nodeName(e.between[1])} is cut${e.untilMs === null ? '' : ` until ${formatMs(e.untilMs)}`}`
    case 'PartitionHealed':
      return `The network between ${nodeName(e.between[0])} and ${nodeName(e.between[1])} healed`
    case 'LinkFaultArmed':
      return e.fault === 'delay'
        ? `The next message from ${nodeName(e.node)} to ${nodeName(e.to)} will be held for an extra ${formatDurationMs(e.ms)}`
        : `The next message from ${nodeName(e.node)} to ${nodeName(e.to)} will be dropped`
    case 'RunEnded':
      return e.reason === 'quiescent'
        ? 'Every client is done and nothing is in flight: the run ends'
        : e.reason === 'horizon'
          ? 'The run reached its time limit'
          : 'The run reached its event limit'
  }
}

/** Redlock's validity in words: "validity 10 s − 50 ms − 102 ms drift = 9.848 s". */
function validityWords(e: { elapsedMs: number; driftMs: number; validityMs: number }): string {
  const leaseMs = e.validityMs + e.elapsedMs + e.driftMs
  return `validity ${formatDurationMs(leaseMs)} − ${formatDurationMs(e.elapsedMs)} elapsed − ${formatDurationMs(e.driftMs)} drift = ${formatDurationMs(e.validityMs)}`
}

const BELIEF_END_WORDS = {
  released: 'it released the lock',
  'write-rejected': 'its write was rejected',
  'read-rejected': 'its read was rejected',
  'lease-check-failed': 'its own clock says the lease is over',
  'renew-refused': 'its renew was refused',
  deadline: 'its own clock says the lease ran out',
  crashed: 'it crashed',
} as const

/** How a node is named in a sentence: the lock service is "the lock service", others by id. */
export function nodeName(id: string): string {
  return id === 'lock' ? 'the lock service' : id
}

/** A node as the subject of a sentence: "The lock service", or its id as written. */
function subject(id: string): string {
  return id === 'lock' ? 'The lock service' : id
}
