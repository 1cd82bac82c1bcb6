/**
 * The state of the whole lab at a moment, rebuilt from the trace alone (never from engine
 * internals): what the inspector shows. `applyEvent` folds one event into a state; the timeline
 * keeps snapshots so that any moment is a short fold away.
 */
import type { MessageKind, NodeId, ResourceValue, Scenario, Token, TraceEvent } from '../sim'
import { LOCK_NODE, lockNodeIds } from '../sim'

/**
 * The lock service's own state: who holds the lease now (by its rules), the token, the expiry.
 * `holderIdentity` is the service's current holder (null when free); the Kubernetes-style record
 * with client-go's semantics is `LabState.lease`.
 */
export interface LockView {
  holderIdentity: NodeId | null
  token: Token
  grant: number
  expiresAtMs: number | null
  waiters: NodeId[]
  lockDelayUntilMs: number | null
  down: boolean
  paused: boolean
  clockOffsetMs: number
}

/**
 * The same history as a coordination.k8s.io/v1 Lease that client-go's leader election would leave
 * (tryAcquireOrRenew, release): the API server stores the record and never expires it.
 * - The first holder creates it with `leaseTransitions` 0; a grant to a client the record does not
 *   name adds 1 (a change of holder); renewing, or taking it back while the record still names
 *   you, adds nothing and keeps `acquireTime`.
 * - `holderIdentity` stays when the lease runs out: only another holder or a release changes it.
 *   A release writes an empty holder, `leaseDurationSeconds` 1 and acquire = renew = now.
 * - `leaseDurationSeconds` is whole seconds, as client-go writes it (int(LeaseDuration / 1 s)).
 * - A lock service that forgets everything (volatile, crashed) takes the record with it.
 */
export interface LeaseRecord {
  /** False until the first grant creates the Lease. */
  exists: boolean
  /** The record's holder: '' when released (or before the Lease exists). */
  holderIdentity: string
  leaseDurationSeconds: number
  /** True times (ms) of the record's acquireTime and renewTime; null before it exists. */
  acquireTimeMs: number | null
  renewTimeMs: number | null
  leaseTransitions: number
  /** The lab's lease length, which the record states in whole seconds (rounded down). */
  labLeaseMs: number
}

/**
 * The current grant as a Chubby sequencer: lock name, mode, and the lock generation number,
 * which only a monotonic token is. Random values and missing tokens carry no generation.
 */
export interface Sequencer {
  lock: string
  mode: 'exclusive'
  generation: number | null
  /** Why there is no generation: the service issues random values, or no token at all. */
  noGeneration: 'random' | 'none' | null
}

/**
 * One node of the lock service as its own record shows it: in a service of independent nodes
 * (Redlock) each keeps its own key, clock and memory, so the nodes can disagree about who holds
 * the lock. A one-node service has the one node `lock`, the same record as `LabState.lock`.
 */
export interface LockNodeView {
  id: NodeId
  /** The client whose key this node holds (null when it holds none). */
  holder: NodeId | null
  /** The value (token) stored with the key. */
  token: Token
  /** When the key expires, in true time and on this node's own clock. */
  expiresAtMs: number | null
  expiresAtNodeMs: number | null
  persistence: 'durable' | 'volatile'
  down: boolean
  paused: boolean
  /** Restarted after a crash that lost its keys (a Redis node without fsync), until it grants again. */
  forgot: boolean
  clockOffsetMs: number
}

export type ClientActivity =
  | 'not started'
  | 'acquiring'
  | 'waiting in line'
  | 'reading'
  | 'working'
  | 'writing'
  | 'sending an effect'
  | 'releasing'
  | 'sleeping'
  | 'done'
  | 'gave up'
  | 'crashed'

export interface ClientView {
  id: NodeId
  activity: ClientActivity
  paused: boolean
  pausedUntilMs: number | null
  crashed: boolean
  /** The last token it was granted (it keeps it after its belief ends). */
  token: Token
  grant: number
  /** What the client believes: that it holds the lock, until its own deadline (true time). */
  believes: boolean
  believedUntilMs: number | null
  /** The truth: the lock service's record names this client's current grant. */
  holds: boolean
  clockOffsetMs: number
}

export interface WriteDecision {
  atMs: number
  client: NodeId
  token: Token
  value: ResourceValue
  effect: boolean
  outcome: 'accepted' | 'rejected' | 'checked' | 'applied' | 'duplicate' | 'discarded'
  reason: string | null
}

export interface ResourceView {
  id: NodeId
  fencing: 'none' | 'atomic' | 'check-then-write'
  value: ResourceValue
  /** Highest token recorded (check-then-write: last applied); null when none or unfenced. */
  highestToken: number | null
  accepted: number
  rejected: number
  lastDecision: WriteDecision | null
  down: boolean
  paused: boolean
}

export interface InFlightMessage {
  msg: number
  from: NodeId
  to: NodeId
  kind: MessageKind
  token: Token
  value: ResourceValue
  sentAtMs: number
  deliverAtMs: number
  extraDelayMs: number
}

export interface LabState {
  /** Index of the last event folded in (-1 before the first). */
  eventIndex: number
  lock: LockView
  /** Every node of the lock service (one, `lock`, unless the scenario lists several). */
  lockNodes: LockNodeView[]
  lease: LeaseRecord
  sequencer: Sequencer | null
  /** The lock service's token kind, for the sequencer view. */
  tokens: Scenario['lockService']['tokens']
  clients: ClientView[]
  resources: ResourceView[]
  inFlight: InFlightMessage[]
  partitions: Array<{ between: [NodeId, NodeId]; untilMs: number | null }>
}

export function initialLabState(scenario: Scenario): LabState {
  return {
    eventIndex: -1,
    lock: {
      holderIdentity: null,
      token: null,
      grant: 0,
      expiresAtMs: null,
      waiters: [],
      lockDelayUntilMs: null,
      down: false,
      paused: false,
      clockOffsetMs: 0,
    },
    lockNodes: lockNodeIds(scenario).map((id) => ({
      id,
      holder: null,
      token: null,
      expiresAtMs: null,
      expiresAtNodeMs: null,
      persistence:
        scenario.lockService.nodes?.find((n) => n.id === id)?.persistence ??
        scenario.lockService.persistence,
      down: false,
      paused: false,
      forgot: false,
      clockOffsetMs: 0,
    })),
    lease: noLease(scenario.lockService.leaseMs),
    sequencer: null,
    tokens: scenario.lockService.tokens,
    clients: scenario.clients.map((c) => ({
      id: c.id,
      activity: 'not started',
      paused: false,
      pausedUntilMs: null,
      crashed: false,
      token: null,
      grant: 0,
      believes: false,
      believedUntilMs: null,
      holds: false,
      clockOffsetMs: 0,
    })),
    resources: scenario.resources.map((r) => ({
      id: r.id,
      fencing: r.fencing,
      value: r.initialValue,
      highestToken: null,
      accepted: 0,
      rejected: 0,
      lastDecision: null,
      down: false,
      paused: false,
    })),
    inFlight: [],
    partitions: [],
  }
}

export function cloneLabState(s: LabState): LabState {
  return {
    eventIndex: s.eventIndex,
    lock: { ...s.lock, waiters: [...s.lock.waiters] },
    lockNodes: s.lockNodes.map((n) => ({ ...n })),
    lease: { ...s.lease },
    sequencer: s.sequencer === null ? null : { ...s.sequencer },
    tokens: s.tokens,
    clients: s.clients.map((c) => ({ ...c })),
    resources: s.resources.map((r) => ({
      ...r,
      lastDecision: r.lastDecision === null ? null : { ...r.lastDecision },
    })),
    inFlight: s.inFlight.map((m) => ({ ...m })),
    partitions: s.partitions.map((p) => ({ ...p, between: [p.between[0], p.between[1]] })),
  }
}

/** Folds one event into the state, in place. */
export function applyEvent(s: LabState, e: TraceEvent, index: number): void {
  s.eventIndex = index
  applyToLockNode(s, e)
  const clientOf = (id: NodeId) => s.clients.find((c) => c.id === id)
  const resourceOf = (id: NodeId) => s.resources.find((r) => r.id === id)
  switch (e.type) {
    case 'MessageSent': {
      if (e.deliverAtMs !== null) {
        s.inFlight.push({
          msg: e.msg,
          from: e.node,
          to: e.to,
          kind: e.kind,
          token: e.token,
          value: e.value,
          sentAtMs: e.atMs,
          deliverAtMs: e.deliverAtMs,
          extraDelayMs: e.extraDelayMs,
        })
      }
      const c = clientOf(e.node)
      if (c !== undefined) {
        const activity = SENDING_ACTIVITY[e.kind]
        if (activity !== undefined) c.activity = activity
      }
      return
    }
    case 'MessageDelivered':
    case 'MessageDropped':
      s.inFlight = s.inFlight.filter((m) => m.msg !== e.msg)
      return
    case 'AcquireQueued': {
      if (!s.lock.waiters.includes(e.client)) s.lock.waiters.push(e.client)
      const c = clientOf(e.client)
      if (c !== undefined) c.activity = 'waiting in line'
      return
    }
    case 'LeaseGranted': {
      s.lock.waiters = s.lock.waiters.filter((w) => w !== e.client)
      if (!e.reentrant) grantLease(s.lease, e.client, e.atMs)
      s.lock.holderIdentity = e.client
      s.lock.token = e.token
      s.lock.grant = e.grant
      s.lock.expiresAtMs = e.expiresAtMs
      s.sequencer = sequencerOf(s.tokens, e.token)
      markHolder(s)
      return
    }
    case 'LeaseRenewed':
      s.lease.renewTimeMs = e.atMs
      s.lock.expiresAtMs = e.expiresAtMs
      return
    case 'LeaseReleased':
    case 'LeaseExpired':
    case 'LeaseForgotten':
      s.lock.holderIdentity = null
      s.lock.token = null
      s.lock.grant = 0
      s.lock.expiresAtMs = null
      s.sequencer = null
      if (e.type === 'LeaseReleased') releaseLease(s.lease, e.atMs)
      if (e.type === 'LeaseForgotten') {
        s.lock.waiters = []
        s.lease = noLease(s.lease.labLeaseMs)
      }
      markHolder(s)
      return
    case 'LockDelayStarted':
      s.lock.lockDelayUntilMs = e.untilMs
      return
    case 'LockDelayEnded':
      s.lock.lockDelayUntilMs = null
      return
    case 'ReadServed': {
      const r = resourceOf(e.node)
      if (r !== undefined && e.recorded && typeof e.token === 'number') {
        r.highestToken = Math.max(r.highestToken ?? -Infinity, e.token)
      }
      return
    }
    case 'WriteAccepted':
    case 'WriteApplied': {
      const r = resourceOf(e.node)
      if (r === undefined) return
      r.accepted++
      if (!e.duplicate) {
        r.value = e.value
        if (r.fencing !== 'none' && typeof e.token === 'number') {
          r.highestToken =
            r.fencing === 'atomic' ? Math.max(r.highestToken ?? -Infinity, e.token) : e.token
        }
      }
      r.lastDecision = decision(
        e,
        e.duplicate ? 'duplicate' : e.type === 'WriteApplied' ? 'applied' : 'accepted',
        null,
      )
      return
    }
    case 'WriteChecked': {
      const r = resourceOf(e.node)
      if (r !== undefined) r.lastDecision = decision(e, 'checked', null)
      return
    }
    case 'WriteRejected': {
      const r = resourceOf(e.node)
      if (r === undefined) return
      r.rejected++
      r.lastDecision = decision(e, 'rejected', e.reason)
      return
    }
    case 'WriteDiscarded': {
      const r = resourceOf(e.node)
      if (r !== undefined) r.lastDecision = decision(e, 'discarded', e.reason)
      return
    }
    case 'BeliefStarted': {
      const c = clientOf(e.node)
      if (c === undefined) return
      c.believes = true
      c.believedUntilMs = e.deadlineMs
      c.token = e.token
      c.grant = e.grant
      markHolder(s)
      return
    }
    case 'BeliefEnded': {
      const c = clientOf(e.node)
      if (c !== undefined) c.believes = false
      return
    }
    case 'WorkStarted':
    case 'SleepStarted': {
      const c = clientOf(e.node)
      if (c !== undefined) c.activity = e.type === 'WorkStarted' ? 'working' : 'sleeping'
      return
    }
    case 'ScriptFinished': {
      const c = clientOf(e.node)
      if (c !== undefined) c.activity = e.abandoned ? 'gave up' : 'done'
      return
    }
    case 'NodePaused':
    case 'NodeResumed': {
      const paused = e.type === 'NodePaused'
      const until = e.type === 'NodePaused' ? e.untilMs : null
      const c = clientOf(e.node)
      if (c !== undefined) {
        c.paused = paused
        c.pausedUntilMs = until
      }
      const r = resourceOf(e.node)
      if (r !== undefined) r.paused = paused
      if (e.node === LOCK_NODE) s.lock.paused = paused
      return
    }
    case 'NodeCrashed':
    case 'NodeRestarted': {
      const down = e.type === 'NodeCrashed'
      const c = clientOf(e.node)
      if (c !== undefined && down) {
        c.crashed = true
        c.paused = false
        c.believes = false
        c.activity = 'crashed'
      }
      const r = resourceOf(e.node)
      if (r !== undefined) r.down = down
      if (e.node === LOCK_NODE) {
        s.lock.down = down
        s.lock.paused = false
      }
      return
    }
    case 'ClockJumped': {
      const c = clientOf(e.node)
      if (c !== undefined) c.clockOffsetMs += e.ms
      if (e.node === LOCK_NODE) s.lock.clockOffsetMs += e.ms
      return
    }
    case 'PartitionStarted':
      s.partitions.push({ between: [e.between[0], e.between[1]], untilMs: e.untilMs })
      return
    case 'PartitionHealed':
      s.partitions = s.partitions.filter(
        (p) => !(p.between[0] === e.between[0] && p.between[1] === e.between[1]),
      )
      return
    default:
      return
  }
}

/** The same event as the node of the lock service it happened on keeps it in its own record. */
function applyToLockNode(s: LabState, e: TraceEvent): void {
  const n = s.lockNodes.find((l) => l.id === e.node)
  if (n === undefined) return
  const free = () => {
    n.holder = null
    n.token = null
    n.expiresAtMs = null
    n.expiresAtNodeMs = null
  }
  switch (e.type) {
    case 'LeaseGranted':
    case 'LeaseRenewed':
      n.holder = e.client
      n.token = e.token
      n.expiresAtMs = e.expiresAtMs
      n.expiresAtNodeMs = e.expiresAtServiceMs
      n.forgot = false
      return
    case 'LeaseReleased':
    case 'LeaseExpired':
    case 'LeaseForgotten':
      free()
      return
    case 'NodePaused':
    case 'NodeResumed':
      n.paused = e.type === 'NodePaused'
      return
    case 'NodeCrashed':
      n.down = true
      n.paused = false
      if (e.stateLost) {
        free()
        n.forgot = true
      }
      return
    case 'NodeRestarted':
      n.down = false
      return
    case 'ClockJumped':
      n.clockOffsetMs += e.ms
      return
    default:
      return
  }
}

function noLease(leaseMs: number): LeaseRecord {
  return {
    exists: false,
    holderIdentity: '',
    leaseDurationSeconds: 0,
    acquireTimeMs: null,
    renewTimeMs: null,
    leaseTransitions: 0,
    labLeaseMs: leaseMs,
  }
}

/** client-go's tryAcquireOrRenew, as it changes the record when `client` gets the lock. */
function grantLease(lease: LeaseRecord, client: NodeId, atMs: number): void {
  const seconds = Math.floor(lease.labLeaseMs / 1000)
  if (lease.exists && lease.holderIdentity === client) {
    // The record still names it (its lease ran out, nobody took over): a renewal.
    lease.renewTimeMs = atMs
    lease.leaseDurationSeconds = seconds
    return
  }
  if (lease.exists) lease.leaseTransitions++
  lease.exists = true
  lease.holderIdentity = client
  lease.leaseDurationSeconds = seconds
  lease.acquireTimeMs = atMs
  lease.renewTimeMs = atMs
}

/** client-go's release(): an empty holder, a 1 s duration, acquire = renew = now. */
function releaseLease(lease: LeaseRecord, atMs: number): void {
  if (!lease.exists) return
  lease.holderIdentity = ''
  lease.leaseDurationSeconds = 1
  lease.acquireTimeMs = atMs
  lease.renewTimeMs = atMs
}

function sequencerOf(tokens: LabState['tokens'], token: Token): Sequencer {
  const generation = tokens === 'monotonic' && typeof token === 'number' ? token : null
  return {
    lock: LOCK_NODE,
    mode: 'exclusive',
    generation,
    noGeneration: generation !== null ? null : tokens === 'random' ? 'random' : 'none',
  }
}

const SENDING_ACTIVITY: Partial<Record<MessageKind, ClientActivity>> = {
  acquire: 'acquiring',
  read: 'reading',
  write: 'writing',
  effect: 'sending an effect',
  release: 'releasing',
}

function markHolder(s: LabState): void {
  for (const c of s.clients) c.holds = s.lock.holderIdentity === c.id
}

function decision(
  e: {
    atMs: number
    client: NodeId
    token: Token
    value: ResourceValue
    effect: boolean
  },
  outcome: WriteDecision['outcome'],
  reason: string | null,
): WriteDecision {
  return {
    atMs: e.atMs,
    client: e.client,
    token: e.token,
    value: e.value,
    effect: e.effect,
    outcome,
    reason,
  }
}
