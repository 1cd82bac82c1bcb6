/**
 * The trace: what happened in a run, as a list of past-tense events in the order they happened.
 * Everything downstream (checker, timeline, layout, event log, CLI) reads only this list, so each
 * event carries the facts its readers need, as plain JSON.
 */
import type { NodeId, ResourceValue, Token } from './scenario'

export type MessageKind =
  | 'acquire'
  | 'grant'
  | 'acquire-refused'
  | 'renew'
  | 'renew-ok'
  | 'renew-refused'
  | 'release'
  | 'release-ok'
  | 'release-refused'
  | 'read'
  | 'read-ok'
  | 'read-rejected'
  | 'write'
  | 'effect'
  | 'write-ok'
  | 'write-rejected'

export type DropReason = 'drop' | 'partition' | 'crashed'

/** Why a client stopped believing it holds the lock. */
export type BeliefEndReason =
  | 'released'
  | 'write-rejected'
  | 'read-rejected'
  | 'lease-check-failed'
  | 'renew-refused'
  | 'deadline'
  | 'crashed'

interface At {
  atMs: number
  /** The node where the event happened. */
  node: NodeId
}

/** Writes and effects share one shape: an effect is a write to an external system. */
interface WriteFacts {
  /** The write's message id (links the send, the check and the apply). */
  msg: number
  client: NodeId
  token: Token
  /** Ground-truth grant number (1, 2, …) the write was made under; 0 if the client had none. */
  grant: number
  value: ResourceValue
  effect: boolean
  /** For `increment: n` writes, n; else null. */
  increment: number | null
  sentAtMs: number
}

export type TraceEvent =
  | (At & {
      type: 'MessageSent'
      msg: number
      to: NodeId
      kind: MessageKind
      token: Token
      value: ResourceValue
      /** When it will arrive; null when it is lost at once (drop fault, partition). */
      deliverAtMs: number | null
      /** Extra latency added by a `delay` fault. */
      extraDelayMs: number
    })
  | (At & {
      type: 'MessageDropped'
      msg: number
      from: NodeId
      to: NodeId
      kind: MessageKind
      reason: DropReason
    })
  | (At & {
      type: 'MessageDelivered'
      msg: number
      from: NodeId
      kind: MessageKind
      sentAtMs: number
    })
  | (At & { type: 'AcquireQueued'; client: NodeId; position: number })
  /** A node of several refused a SET NX: its key is taken. */
  | (At & { type: 'AcquireRefused'; client: NodeId; reason: string })
  | (At & {
      type: 'LeaseGranted'
      client: NodeId
      token: Token
      grant: number
      /** True time at which the lease ends if it is never renewed. */
      expiresAtMs: number
      expiresAtServiceMs: number
      /** The holder asked again; it keeps its token (no new grant). */
      reentrant: boolean
    })
  | (At & {
      type: 'LeaseRenewed'
      /** Whose lease was extended. */
      client: NodeId
      /** Who asked; differs from `client` for a naive (not owner-checked) renew. */
      by: NodeId
      token: Token
      grant: number
      expiresAtMs: number
      expiresAtServiceMs: number
      foreign: boolean
    })
  | (At & { type: 'RenewRefused'; client: NodeId; reason: string })
  | (At & {
      type: 'LeaseReleased'
      client: NodeId
      by: NodeId
      token: Token
      grant: number
      foreign: boolean
    })
  | (At & { type: 'ReleaseRefused'; client: NodeId; reason: string })
  | (At & {
      type: 'LeaseExpired'
      client: NodeId
      token: Token
      grant: number
      byOperator: boolean
    })
  | (At & { type: 'LeaseForgotten'; client: NodeId; token: Token; grant: number })
  | (At & { type: 'LockDelayStarted'; untilMs: number })
  | (At & { type: 'LockDelayEnded' })
  | (At & {
      type: 'ReadServed'
      client: NodeId
      value: ResourceValue
      token: Token
      grant: number
      /** A fenced read recorded the token as the highest seen. */
      recorded: boolean
    })
  | (At & { type: 'ReadRejected'; client: NodeId; token: Token; grant: number; reason: string })
  | (At & WriteFacts & { type: 'WriteAccepted'; duplicate: boolean })
  | (At & WriteFacts & { type: 'WriteRejected'; reason: string })
  | (At & WriteFacts & { type: 'WriteChecked'; applyAtMs: number })
  | (At & WriteFacts & { type: 'WriteApplied'; checkedAtMs: number; duplicate: boolean })
  | (At & WriteFacts & { type: 'WriteDiscarded'; reason: string })
  | (At & {
      type: 'WriteAcknowledged'
      resource: NodeId
      token: Token
      effect: boolean
      increment: number | null
    })
  | (At & {
      type: 'BeliefStarted'
      token: Token
      grant: number
      /** True time at which the client's own clock says the lease runs out. */
      deadlineMs: number
      /** Belief came back with a renew confirmation after it had ended. */
      renewed: boolean
    })
  | (At & { type: 'BeliefEnded'; reason: BeliefEndReason })
  /**
   * A client of a service of several nodes counted the answers to its acquire (or extend) and
   * holds the lock. `validityMs` is Redlock's rule, lease − elapsed − drift: the lock is held by
   * the service's rules only when `votes >= quorum` and it is positive (`held`). A client without
   * the elapsed-time check may hold by its own reckoning although `held` is false.
   */
  | (At & {
      type: 'QuorumAcquired'
      token: Token
      grant: number
      votes: number
      nodes: number
      quorum: number
      elapsedMs: number
      driftMs: number
      validityMs: number
      /** True time at which the validity runs out by the client's clock. */
      validUntilMs: number
      held: boolean
      /** An extend rather than an acquire. */
      extended: boolean
    })
  /** …or it did not get a quorum with time left, and releases on every node. */
  | (At & {
      type: 'QuorumFailed'
      token: Token
      votes: number
      nodes: number
      quorum: number
      elapsedMs: number
      driftMs: number
      validityMs: number
      extended: boolean
      /** Another attempt follows after the retry delay. */
      retrying: boolean
    })
  | (At & { type: 'LeaseCheckFailed'; resource: NodeId })
  | (At & { type: 'WorkStarted'; ms: number })
  | (At & { type: 'WorkFinished' })
  | (At & { type: 'SleepStarted'; ms: number })
  | (At & { type: 'SleepFinished' })
  | (At & { type: 'ScriptFinished'; abandoned: boolean })
  | (At & { type: 'NodePaused'; ms: number; untilMs: number })
  | (At & { type: 'NodeResumed'; pausedMs: number })
  | (At & { type: 'NodeCrashed'; stateLost: boolean; restartAtMs: number | null })
  | (At & { type: 'NodeRestarted' })
  | (At & { type: 'ClockJumped'; ms: number })
  | (At & {
      type: 'PartitionStarted'
      between: [NodeId, NodeId]
      untilMs: number | null
    })
  | (At & { type: 'PartitionHealed'; between: [NodeId, NodeId] })
  | (At & { type: 'LinkFaultArmed'; fault: 'delay' | 'drop'; to: NodeId; ms: number })
  | (At & { type: 'RunEnded'; reason: 'quiescent' | 'horizon' | 'event-limit' })

export type TraceEventType = TraceEvent['type']
export type EventOf<T extends TraceEventType> = Extract<TraceEvent, { type: T }>

/** Every event type, in a stable order (for docs, narration coverage and validation). */
export const TRACE_EVENT_TYPES: readonly TraceEventType[] = [
  'MessageSent',
  'MessageDropped',
  'MessageDelivered',
  'AcquireQueued',
  'AcquireRefused',
  'LeaseGranted',
  'LeaseRenewed',
  'RenewRefused',
  'LeaseReleased',
  'ReleaseRefused',
  'LeaseExpired',
  'LeaseForgotten',
  'LockDelayStarted',
  'LockDelayEnded',
  'ReadServed',
  'ReadRejected',
  'WriteAccepted',
  'WriteRejected',
  'WriteChecked',
  'WriteApplied',
  'WriteDiscarded',
  'WriteAcknowledged',
  'BeliefStarted',
  'BeliefEnded',
  'QuorumAcquired',
  'QuorumFailed',
  'LeaseCheckFailed',
  'WorkStarted',
  'WorkFinished',
  'SleepStarted',
  'SleepFinished',
  'ScriptFinished',
  'NodePaused',
  'NodeResumed',
  'NodeCrashed',
  'NodeRestarted',
  'ClockJumped',
  'PartitionStarted',
  'PartitionHealed',
  'LinkFaultArmed',
  'RunEnded',
]
