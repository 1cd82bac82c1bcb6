/**
 * The World: the plain, JSON-safe state of every node in one run, plus the event queue and the
 * trace written so far. Actor modules (lockService, client, resource, network, faults) are
 * handlers over it; the engine owns the loop.
 */
import type { Chooser, RngCell } from './choice'
import { pushItem } from './queue'
import { seedState } from './rng'
import type {
  ClientConfig,
  LockServiceConfig,
  NodeId,
  ResourceConfig,
  ResourceValue,
  Scenario,
  ScriptStep,
  Token,
} from './scenario'
import type { QuorumSettings } from './scenario'
import { LOCK_NODE, quorumSettings } from './scenario'
import type { BeliefEndReason, MessageKind, TraceEvent } from './trace'

export interface Message {
  id: number
  from: NodeId
  to: NodeId
  kind: MessageKind
  sentAtMs: number
  token: Token
  /** Ground-truth grant the sender acted under (0 = none). */
  grant: number
  value: ResourceValue
  increment: number | null
  /** For a reply: the id of the request it answers. */
  replyTo: number | null
  /** Free text for refusals and rejections. */
  reason: string | null
  /** Extra fields of a grant or renew confirmation. */
  expiresAtMs: number | null
}

/** A write or effect waiting between its check and its apply (check-then-write). */
export interface PendingApply {
  id: number
  message: Message
  checkedAtMs: number
}

export type Item =
  | { atMs: number; seq: number; type: 'fault'; index: number }
  | { atMs: number; seq: number; type: 'deliver'; to: NodeId; message: Message }
  | { atMs: number; seq: number; type: 'timer'; to: NodeId; timer: TimerKind; gen: number }
  | { atMs: number; seq: number; type: 'apply'; to: NodeId; pending: PendingApply }
  | { atMs: number; seq: number; type: 'resume'; to: NodeId; gen: number }
  | { atMs: number; seq: number; type: 'restart'; to: NodeId; gen: number }
  | { atMs: number; seq: number; type: 'heal'; partition: number }

export type TimerKind =
  | 'start'
  | 'op'
  | 'renew'
  | 'deadline'
  | 'expiry'
  | 'lock-delay'
  | 'vote-timeout'
  | 'extend-timeout'
  | 'retry'

/** Liveness and clock of any node. */
export interface NodeState {
  id: NodeId
  paused: boolean
  pausedAtMs: number
  pausedUntilMs: number
  pauseGen: number
  crashed: boolean
  crashGen: number
  /** Items that fell due while paused, in due order; they run at the resume. */
  deferred: Item[]
  /** Local clock = trueMs × rate + offsetMs. */
  clockRate: number
  clockOffsetMs: number
}

export interface LockState {
  config: LockServiceConfig
  /** This node's memory across a crash (a node of several may differ from the service). */
  persistence: 'durable' | 'volatile'
  /** A node of several: acquires are SET NX (the client's value; refused when taken). */
  setNx: boolean
  holder: NodeId | null
  token: Token
  grant: number
  /** On the service's own clock. */
  expiresAtLocalMs: number
  acquireTimeLocalMs: number
  renewTimeLocalMs: number
  transitions: number
  nextToken: number
  waiters: NodeId[]
  lockDelayUntilLocalMs: number | null
  expiryGen: number
  lockDelayGen: number
}

export type ClientPhase = 'not-started' | 'running' | 'done' | 'crashed'

export interface ClientState {
  config: ClientConfig
  phase: ClientPhase
  /** Index of the current step in the script. */
  pc: number
  /** The step in progress, and the request it waits on (if any). */
  step: ScriptStep | null
  waitingOn: number | null
  opGen: number
  /** For a `work` step: when it ends, and what remains of it while paused. */
  workEndsAtMs: number | null
  workRemainingMs: number | null
  /** The current write's increment (for acknowledgements). */
  pendingIncrement: number | null
  pendingResource: NodeId | null
  believes: boolean
  beliefEndReason: BeliefEndReason | null
  /** The last grant received (kept after belief ends: a write still carries it). */
  token: Token
  grant: number
  deadlineLocalMs: number | null
  deadlineGen: number
  renewGen: number
  renewInFlight: number | null
  renewSentLocalMs: number
  /** The critical section ends once the step in progress finishes. */
  endPending: boolean
  lastRead: Record<NodeId, ResourceValue>
  /** With a service of several nodes: the step's round of requests (acquire or release). */
  round: VoteRound | null
  /** …and the round of an extend (a renew tick asks every node). */
  extendRound: VoteRound | null
  /** Attempts made by the current acquire step. */
  attempts: number
}

/** One request sent to every lock node at once, and the answers counted so far. */
export interface VoteRound {
  purpose: 'acquire' | 'extend' | 'release'
  /** The random value the requests carry. */
  value: Token
  /** The client's clock when it sent them (Redlock's "start"). */
  startLocalMs: number
  /** Ids of the requests, one per node; answers to other messages are not counted. */
  requests: number[]
  votes: number
  answers: number
  gen: number
}

export interface ResourceState {
  config: ResourceConfig
  value: ResourceValue
  /** Highest token recorded (atomic) or last applied (check-then-write); null if none. */
  highestToken: number | null
  /** Values of every effect applied (idempotent resources absorb repeats). */
  appliedEffects: ResourceValue[]
  /** Checked writes waiting for their apply (check-then-write); a crash discards them. */
  pending: PendingApply[]
}

export interface LinkFault {
  index: number
  kind: 'delay' | 'drop'
  from: NodeId
  to: NodeId
  atMs: number
  ms: number
  used: boolean
}

export interface Partition {
  a: NodeId
  b: NodeId
  fromMs: number
  untilMs: number | null
  healed: boolean
}

export interface World {
  scenario: Scenario
  chooser: Chooser
  nowMs: number
  seq: number
  rng: RngCell
  queue: Item[]
  nextMessageId: number
  /** Messages not yet handled (in the network or waiting at a paused node) plus pending applies. */
  inFlight: number
  events: TraceEvent[]
  nodes: Record<NodeId, NodeState>
  /** The lock service's nodes by id: `"lock"` alone, or each of `lockService.nodes`. */
  locks: Record<NodeId, LockState>
  lockIds: NodeId[]
  /** Redlock settings when the service has several nodes; null for the one-node service. */
  quorum: QuorumSettings | null
  clients: Record<NodeId, ClientState>
  clientOrder: NodeId[]
  resources: Record<NodeId, ResourceState>
  linkFaults: LinkFault[]
  partitions: Partition[]
  grantCount: number
  /** Clients whose script has not finished (done or crashed). */
  scriptsRunning: number
}

export function createWorld(scenario: Scenario, chooser: Chooser): World {
  const nodes: Record<NodeId, NodeState> = {}
  const addNode = (id: NodeId, clockRate: number) => {
    nodes[id] = {
      id,
      paused: false,
      pausedAtMs: 0,
      pausedUntilMs: 0,
      pauseGen: 0,
      crashed: false,
      crashGen: 0,
      deferred: [],
      clockRate,
      clockOffsetMs: 0,
    }
  }
  const clients: Record<NodeId, ClientState> = {}
  for (const config of scenario.clients) {
    addNode(config.id, config.clockRate)
    clients[config.id] = {
      config,
      phase: 'not-started',
      pc: 0,
      step: null,
      waitingOn: null,
      opGen: 0,
      workEndsAtMs: null,
      workRemainingMs: null,
      pendingIncrement: null,
      pendingResource: null,
      believes: false,
      beliefEndReason: null,
      token: null,
      grant: 0,
      deadlineLocalMs: null,
      deadlineGen: 0,
      renewGen: 0,
      renewInFlight: null,
      renewSentLocalMs: 0,
      endPending: false,
      lastRead: {},
      round: null,
      extendRound: null,
      attempts: 0,
    }
  }
  const service = scenario.lockService
  const locks: Record<NodeId, LockState> = {}
  const lockIds: NodeId[] = []
  const addLock = (id: NodeId, clockRate: number, persistence: LockState['persistence']) => {
    addNode(id, clockRate)
    lockIds.push(id)
    locks[id] = {
      config: service,
      persistence,
      setNx: service.nodes !== undefined,
      holder: null,
      token: null,
      grant: 0,
      expiresAtLocalMs: 0,
      acquireTimeLocalMs: 0,
      renewTimeLocalMs: 0,
      transitions: 0,
      nextToken: service.firstToken,
      waiters: [],
      lockDelayUntilLocalMs: null,
      expiryGen: 0,
      lockDelayGen: 0,
    }
  }
  if (service.nodes === undefined) addLock(LOCK_NODE, service.clockRate, service.persistence)
  for (const n of service.nodes ?? []) {
    addLock(n.id, n.clockRate ?? service.clockRate, n.persistence ?? service.persistence)
  }
  const resources: Record<NodeId, ResourceState> = {}
  for (const config of scenario.resources) {
    addNode(config.id, 1)
    resources[config.id] = {
      config,
      value: config.initialValue,
      highestToken: null,
      appliedEffects: [],
      pending: [],
    }
  }
  const world: World = {
    scenario,
    chooser,
    nowMs: 0,
    seq: 0,
    rng: { state: seedState(scenario.seed) },
    queue: [],
    nextMessageId: 1,
    inFlight: 0,
    events: [],
    nodes,
    locks,
    lockIds,
    quorum: quorumSettings(service),
    clients,
    clientOrder: scenario.clients.map((c) => c.id),
    resources,
    linkFaults: [],
    partitions: [],
    grantCount: 0,
    scriptsRunning: scenario.clients.length,
  }
  // Faults are queued first so that, at equal times, a fault acts before anything else: that
  // is what a reader means by "pause A at 1000 ms", and it keeps earlier events untouched.
  scenario.faults.forEach((fault, index) => {
    schedule(world, { atMs: fault.atMs, type: 'fault', index })
  })
  for (const config of scenario.clients) {
    schedule(world, { atMs: config.startMs, type: 'timer', to: config.id, timer: 'start', gen: 0 })
  }
  return world
}

type Unsequenced<T> = T extends Item ? Omit<T, 'seq'> : never

export function schedule(world: World, item: Unsequenced<Item>): void {
  // Every caller passes a fresh object literal, so it is stamped in place: copying each item
  // was a fifth of the explorer's time.
  const stamped = item as Item
  stamped.seq = world.seq++
  pushItem(world.queue, stamped)
}

export function emit(world: World, event: TraceEvent): void {
  world.events.push(event)
}

/** A node's local clock reading at the current true time. */
export function localNowMs(world: World, node: NodeId): number {
  const n = world.nodes[node] as NodeState
  return world.nowMs * n.clockRate + n.clockOffsetMs
}

/** The first true time (whole ms, not before now) at which the node's clock reads `localMs`. */
export function trueTimeOfLocal(world: World, node: NodeId, localMs: number): number {
  const n = world.nodes[node] as NodeState
  let t = Math.max(world.nowMs, Math.ceil((localMs - n.clockOffsetMs) / n.clockRate - 1e-9))
  // The division rounds; step on until the clock, read exactly as localNowMs reads it, has
  // reached localMs. Otherwise a timer set for t finds itself early, re-arms at t, and loops.
  // (Past 2^53 a step no longer moves t; such times lie far beyond any horizon.)
  while (t * n.clockRate + n.clockOffsetMs < localMs && t + 1 !== t) t++
  return t
}

/** True ms that `localMs` of the node's running time take (its clock may run slow or fast). */
export function trueDurationMs(world: World, node: NodeId, localMs: number): number {
  const n = world.nodes[node] as NodeState
  return Math.ceil(localMs / n.clockRate - 1e-9)
}

export function node(world: World, id: NodeId): NodeState {
  return world.nodes[id] as NodeState
}

// Node ids are keys of plain records, and "constructor" or "toString" are valid ids: look up own
// keys only, or a resource named "toString" would be taken for a client (Object.prototype's).

/** The client with this id, if that node is a client. */
export function client(world: World, id: NodeId): ClientState | undefined {
  return Object.hasOwn(world.clients, id) ? world.clients[id] : undefined
}

/** The lock node with this id, if that node is one of the lock service's. */
export function lockAt(world: World, id: NodeId): LockState | undefined {
  return Object.hasOwn(world.locks, id) ? world.locks[id] : undefined
}

/** The resource with this id, if that node is a resource. */
export function resource(world: World, id: NodeId): ResourceState | undefined {
  return Object.hasOwn(world.resources, id) ? world.resources[id] : undefined
}
