/**
 * The run as intervals and marks, ready for a space-time diagram: leases as the lock service saw
 * them, beliefs as each client held them, pauses and crashes, messages from send to delivery,
 * every decision a resource made, and the highest token each resource had recorded over time.
 * Pure and derived from the trace alone; the layout turns these into coordinates.
 */
import type {
  BeliefEndReason,
  DropReason,
  MessageKind,
  NodeId,
  ResourceValue,
  Run,
  Token,
} from '../sim'
import { messageLabel } from '../sim'

export interface LeaseSpan {
  /**
   * The lock node that kept this lease (`"lock"`, or one node of a service of several); for a
   * client's majority of such a service (held by Redlock's rules), the client itself.
   */
  node: NodeId
  grant: number
  client: NodeId
  token: Token
  fromMs: number
  toMs: number
  /** How it ended in the lock service's view; `open` if it outlived the run. */
  end: 'expired' | 'expired-by-operator' | 'released' | 'released-by-other' | 'forgotten' | 'open'
}

export interface BeliefSpan {
  client: NodeId
  token: Token
  grant: number
  fromMs: number
  toMs: number
  end: BeliefEndReason | 'open'
}

export interface NodeSpan {
  node: NodeId
  kind: 'paused' | 'down'
  fromMs: number
  toMs: number
}

export interface MessageSpan {
  msg: number
  from: NodeId
  to: NodeId
  kind: MessageKind
  token: Token
  value: ResourceValue
  label: string
  sentAtMs: number
  /** When it reaches its destination (or would have; for a message lost at send, null). */
  arriveAtMs: number | null
  /** When the destination handled it: later than arrival if the node was paused; null if lost. */
  handledAtMs: number | null
  extraDelayMs: number
  lost: { atMs: number; reason: DropReason } | null
}

export interface DecisionMark {
  resource: NodeId
  msg: number
  atMs: number
  client: NodeId
  token: Token
  value: ResourceValue
  effect: boolean
  outcome: 'accepted' | 'rejected' | 'checked' | 'applied' | 'duplicate' | 'discarded'
  reason: string | null
  eventIndex: number
}

export interface TokenStep {
  resource: NodeId
  atMs: number
  highestToken: number | null
}

export type FaultMarkKind =
  'pause' | 'crash' | 'restart' | 'clock-jump' | 'partition' | 'delay' | 'drop' | 'expire-lease'

export interface FaultMark {
  kind: FaultMarkKind
  atMs: number
  node: NodeId
  /** The other end of a link or partition. */
  peer: NodeId | null
  label: string
  eventIndex: number
}

export interface PartitionSpan {
  between: [NodeId, NodeId]
  fromMs: number
  toMs: number
  /**
   * Whether it healed at `toMs`. A partition still in force when the run ends is cut there
   * (`toMs` is the run's end, healed false); one that healed at that very moment is not in force
   * at the end, which only this flag can tell.
   */
  healed: boolean
}

/**
 * A lock node's lock-delay window (after a lease ended without a release, no grant until it
 * ends): from when it started until the end it was given, or until it ended early.
 */
export interface LockDelaySpan {
  node: NodeId
  fromMs: number
  /** The end it was given when it started (it may lie past the run's end). */
  untilMs: number
  /** When it ended within the run, if it did (on time or early); null while in force at the end. */
  endedAtMs: number | null
}

export interface Spans {
  endMs: number
  leases: LeaseSpan[]
  beliefs: BeliefSpan[]
  nodes: NodeSpan[]
  messages: MessageSpan[]
  decisions: DecisionMark[]
  tokenSteps: TokenStep[]
  faults: FaultMark[]
  partitions: PartitionSpan[]
  /** Lock-delay windows, in the order they started. */
  lockDelays: LockDelaySpan[]
}

export function deriveSpans(run: Run): Spans {
  const endMs = run.endMs
  const leases: LeaseSpan[] = []
  const openLease = new Map<number, LeaseSpan>()
  const openQuorum = new Map<NodeId, LeaseSpan>()
  const beliefs: BeliefSpan[] = []
  const openBelief = new Map<NodeId, BeliefSpan>()
  const nodes: NodeSpan[] = []
  const openNode = new Map<string, NodeSpan>()
  const messages: MessageSpan[] = []
  const byMsg = new Map<number, MessageSpan>()
  const decisions: DecisionMark[] = []
  const tokenSteps: TokenStep[] = []
  const highest = new Map<NodeId, number | null>()
  const fencing = new Map(run.scenario.resources.map((r) => [r.id, r.fencing]))
  const faults: FaultMark[] = []
  const partitions: PartitionSpan[] = []
  const openPartitions: PartitionSpan[] = []
  const lockDelays: LockDelaySpan[] = []
  const openLockDelay = new Map<NodeId, LockDelaySpan>()

  const closeLease = (grant: number, atMs: number, end: LeaseSpan['end']) => {
    const lease = openLease.get(grant)
    if (lease === undefined) return
    lease.toMs = atMs
    lease.end = end
    openLease.delete(grant)
  }
  const openSpan = (node: NodeId, kind: NodeSpan['kind'], atMs: number) => {
    const key = `${kind}:${node}`
    if (openNode.has(key)) return
    const span: NodeSpan = { node, kind, fromMs: atMs, toMs: endMs }
    openNode.set(key, span)
    nodes.push(span)
  }
  const closeSpan = (node: NodeId, kind: NodeSpan['kind'], atMs: number) => {
    const key = `${kind}:${node}`
    const span = openNode.get(key)
    if (span === undefined) return
    span.toMs = atMs
    openNode.delete(key)
  }
  const recordToken = (resource: NodeId, token: Token, atMs: number) => {
    const mode = fencing.get(resource)
    if (mode === undefined || mode === 'none' || typeof token !== 'number') return
    const before = highest.get(resource) ?? null
    const after = mode === 'atomic' ? Math.max(before ?? -Infinity, token) : token
    if (after === before) return
    highest.set(resource, after)
    tokenSteps.push({ resource, atMs, highestToken: after })
  }

  run.events.forEach((e, i) => {
    switch (e.type) {
      case 'MessageSent': {
        const span: MessageSpan = {
          msg: e.msg,
          from: e.node,
          to: e.to,
          kind: e.kind,
          token: e.token,
          value: e.value,
          label: messageLabel(e.kind, e.token, e.value),
          sentAtMs: e.atMs,
          arriveAtMs: e.deliverAtMs,
          handledAtMs: null,
          extraDelayMs: e.extraDelayMs,
          lost: null,
        }
        messages.push(span)
        byMsg.set(e.msg, span)
        return
      }
      case 'MessageDelivered': {
        const span = byMsg.get(e.msg)
        if (span !== undefined) span.handledAtMs = e.atMs
        return
      }
      case 'MessageDropped': {
        const span = byMsg.get(e.msg)
        if (span !== undefined) {
          span.lost = { atMs: e.atMs, reason: e.reason }
          if (e.reason === 'crashed') span.arriveAtMs = e.atMs
        }
        return
      }
      case 'LeaseGranted': {
        if (e.reentrant) return
        const span: LeaseSpan = {
          node: e.node,
          grant: e.grant,
          client: e.client,
          token: e.token,
          fromMs: e.atMs,
          toMs: endMs,
          end: 'open',
        }
        leases.push(span)
        openLease.set(e.grant, span)
        return
      }
      case 'LeaseExpired':
        closeLease(e.grant, e.atMs, e.byOperator ? 'expired-by-operator' : 'expired')
        if (e.byOperator) {
          faults.push(mark('expire-lease', e.atMs, e.node, null, 'expire lease', i))
        }
        return
      case 'LeaseReleased':
        closeLease(e.grant, e.atMs, e.foreign ? 'released-by-other' : 'released')
        return
      case 'LeaseForgotten':
        closeLease(e.grant, e.atMs, 'forgotten')
        return
      case 'BeliefStarted': {
        if (openBelief.has(e.node)) return
        const span: BeliefSpan = {
          client: e.node,
          token: e.token,
          grant: e.grant,
          fromMs: e.atMs,
          toMs: endMs,
          end: 'open',
        }
        beliefs.push(span)
        openBelief.set(e.node, span)
        return
      }
      case 'QuorumAcquired': {
        if (!e.held) return
        const open = openQuorum.get(e.node)
        if (e.extended && open !== undefined && open.grant === e.grant) {
          open.toMs = Math.min(Math.max(open.toMs, e.validUntilMs), endMs)
          open.end = e.validUntilMs < endMs ? 'expired' : 'open'
          return
        }
        // It lasts until its validity runs out by the client's clock, or its release.
        const span: LeaseSpan = {
          node: e.node,
          grant: e.grant,
          client: e.node,
          token: e.token,
          fromMs: e.atMs,
          toMs: Math.min(e.validUntilMs, endMs),
          end: e.validUntilMs < endMs ? 'expired' : 'open',
        }
        leases.push(span)
        openQuorum.set(e.node, span)
        return
      }
      case 'BeliefEnded': {
        const hold = openQuorum.get(e.node)
        if (e.reason === 'released' && hold !== undefined && hold.toMs > e.atMs) {
          hold.toMs = e.atMs
          hold.end = 'released'
        }
        const span = openBelief.get(e.node)
        if (span === undefined) return
        span.toMs = e.atMs
        span.end = e.reason
        openBelief.delete(e.node)
        return
      }
      case 'NodePaused':
        openSpan(e.node, 'paused', e.atMs)
        faults.push(mark('pause', e.atMs, e.node, null, `pause ${seconds(e.ms)}`, i))
        return
      case 'NodeResumed':
        closeSpan(e.node, 'paused', e.atMs)
        return
      case 'NodeCrashed':
        closeSpan(e.node, 'paused', e.atMs)
        openSpan(e.node, 'down', e.atMs)
        faults.push(mark('crash', e.atMs, e.node, null, 'crash', i))
        return
      case 'NodeRestarted':
        closeSpan(e.node, 'down', e.atMs)
        faults.push(mark('restart', e.atMs, e.node, null, 'restart', i))
        return
      case 'ClockJumped':
        faults.push(
          mark(
            'clock-jump',
            e.atMs,
            e.node,
            null,
            `clock ${e.ms >= 0 ? '+' : '−'}${seconds(Math.abs(e.ms))}`,
            i,
          ),
        )
        return
      case 'PartitionStarted': {
        const span: PartitionSpan = {
          between: [e.between[0], e.between[1]],
          fromMs: e.atMs,
          toMs: e.untilMs === null ? endMs : Math.min(e.untilMs, endMs),
          healed: false,
        }
        partitions.push(span)
        openPartitions.push(span)
        faults.push(mark('partition', e.atMs, e.between[0], e.between[1], 'partition', i))
        return
      }
      case 'PartitionHealed': {
        // The open one: a pair partitioned twice has an older, healed span too.
        const index = openPartitions.findIndex(
          (p) => p.between[0] === e.between[0] && p.between[1] === e.between[1],
        )
        const span = openPartitions[index]
        if (span === undefined) return
        span.toMs = e.atMs
        span.healed = true
        openPartitions.splice(index, 1)
        return
      }
      case 'LinkFaultArmed':
        faults.push(
          mark(
            e.fault,
            e.atMs,
            e.node,
            e.to,
            e.fault === 'delay' ? `delay +${seconds(e.ms)}` : 'drop next',
            i,
          ),
        )
        return
      case 'ReadServed':
        if (e.recorded) recordToken(e.node, e.token, e.atMs)
        return
      case 'WriteAccepted':
      case 'WriteApplied':
      case 'WriteChecked':
      case 'WriteRejected':
      case 'WriteDiscarded': {
        const outcome =
          e.type === 'WriteRejected'
            ? 'rejected'
            : e.type === 'WriteChecked'
              ? 'checked'
              : e.type === 'WriteDiscarded'
                ? 'discarded'
                : e.duplicate
                  ? 'duplicate'
                  : e.type === 'WriteApplied'
                    ? 'applied'
                    : 'accepted'
        decisions.push({
          resource: e.node,
          msg: e.msg,
          atMs: e.atMs,
          client: e.client,
          token: e.token,
          value: e.value,
          effect: e.effect,
          outcome,
          reason: e.type === 'WriteRejected' || e.type === 'WriteDiscarded' ? e.reason : null,
          eventIndex: i,
        })
        if (outcome === 'accepted' || outcome === 'applied') recordToken(e.node, e.token, e.atMs)
        return
      }
      case 'LockDelayStarted': {
        const delay: LockDelaySpan = {
          node: e.node,
          fromMs: e.atMs,
          untilMs: e.untilMs,
          endedAtMs: null,
        }
        lockDelays.push(delay)
        openLockDelay.set(e.node, delay)
        return
      }
      case 'LockDelayEnded': {
        const delay = openLockDelay.get(e.node)
        if (delay === undefined) return
        delay.endedAtMs = e.atMs
        openLockDelay.delete(e.node)
        return
      }
      default:
        return
    }
  })
  return {
    endMs,
    leases,
    beliefs,
    nodes,
    messages,
    decisions,
    tokenSteps,
    faults,
    partitions,
    lockDelays,
  }
}

function mark(
  kind: FaultMarkKind,
  atMs: number,
  node: NodeId,
  peer: NodeId | null,
  label: string,
  eventIndex: number,
): FaultMark {
  return { kind, atMs, node, peer, label, eventIndex }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}
