/**
 * fast-check arbitraries for valid scenarios (format v1), for any test suite that needs runs:
 * the engine's properties, the timeline, the explorer, the layout.
 *
 * Everything random is drawn first as a plain "draft" (indices instead of ids, every knob as a
 * number), and one pure function turns the draft into a valid ScenarioInput. That keeps
 * references valid by construction (a fault names a node that exists, a write to a resource
 * with a text initialValue is a plain write, not an increment) and lets fast-check shrink the
 * draft freely. Runs are kept small (durationMs ≤ 60 s, a handful of steps and faults) so that
 * hundreds of them cost little.
 */
import fc from 'fast-check'
import type { ScenarioInput } from '../sim'
import { LOCK_NODE, SCENARIO_FORMAT } from '../sim'

export type Fencing = 'none' | 'atomic' | 'check-then-write'
export type TokenKind = 'monotonic' | 'random' | 'none'
export type Persistence = 'durable' | 'volatile'

export type ClientInput = ScenarioInput['clients'][number]
export type StepInput = ClientInput['script'][number]
export type ResourceInput = NonNullable<ScenarioInput['resources']>[number]
export type LockServiceInput = NonNullable<ScenarioInput['lockService']>
export type FaultInput = NonNullable<ScenarioInput['faults']>[number]
export type LatencyInput = NonNullable<NonNullable<ScenarioInput['network']>['latencyMs']>

export const CLIENT_IDS = ['A', 'B', 'C', 'D', 'E'] as const
export const RESOURCE_IDS = ['storage', 'mailer', 'cache'] as const
export const MAX_DURATION_MS = 60_000

export interface ScenarioArbOptions {
  /** Lock-service settings to fix; the others are drawn. */
  lockService?: Partial<LockServiceInput>
  /** The fencing modes resources are drawn from (default: all three). */
  fencing?: readonly Fencing[]
  /** At most this many clients (1–5, default 5). */
  maxClients?: number
  /** At most this many resources (1–3, default 3). */
  maxResources?: number
  /** At most this many faults (default 6). */
  maxFaults?: number
  /** At most this many script steps per client (default 8). */
  maxSteps?: number
  /** The largest horizon drawn (default and cap: 60 s). */
  maxDurationMs?: number
  /**
   * A service of 1–5 independent lock nodes (Redlock) with drawn clocks, memories, quorum and
   * client settings, instead of the one-node service (default false).
   */
  lockNodes?: boolean
}

export const LOCK_NODE_IDS = ['r1', 'r2', 'r3', 'r4', 'r5'] as const

/** The node part of a service of several nodes: 1–5 nodes and the Redlock client settings. */
function lockNodesArb(): fc.Arbitrary<Partial<LockServiceInput>> {
  const nodeArb = fc.record(
    {
      clockRate: clockRateArb,
      persistence: fc.constantFrom<Persistence>('durable', 'volatile'),
    },
    { requiredKeys: [] },
  )
  return fc
    .record({
      nodes: fc.array(nodeArb, { minLength: 1, maxLength: LOCK_NODE_IDS.length }),
      settings: fc.record(
        {
          quorum: fc.integer({ min: 1, max: 5 }),
          driftFactor: fc.constantFrom(0, 0.01, 0.1),
          nodeTimeoutMs: fc.integer({ min: 1, max: 200 }),
          retryCount: fc.integer({ min: 0, max: 3 }),
          retryDelayMs: fc.integer({ min: 0, max: 500 }),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ nodes, settings }) => ({
      ...settings,
      // A quorum the nodes can reach (the schema refuses one above their number).
      ...(settings.quorum === undefined ? {} : { quorum: Math.min(settings.quorum, nodes.length) }),
      tokens: 'random' as const,
      nodes: nodes.map((n, i) => ({ ...n, id: LOCK_NODE_IDS[i] as string })),
    }))
}

/** A clock rate: mostly exact, sometimes skewed (slow or fast), with awkward decimals. */
export const clockRateArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 2, arbitrary: fc.integer({ min: 10, max: 400 }).map((n) => n / 100) },
)

/** Network latency: a fixed number of ms or a [min, max] range drawn through choose(). */
export const latencyArb: fc.Arbitrary<LatencyInput> = fc.oneof(
  fc.integer({ min: 0, max: 50 }),
  fc
    .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 60 }))
    .map(([lo, spread]): [number, number] => [lo, lo + spread]),
)

/** Lock-service settings; `fixed` pins some of them (e.g. the safe configuration). */
export function lockServiceArb(
  fixed: Partial<LockServiceInput> = {},
): fc.Arbitrary<LockServiceInput> {
  return fc
    .record(
      {
        leaseMs: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 500, max: 20_000 })),
        firstToken: fc.oneof(fc.constant(41), fc.integer({ min: -5, max: 1000 })),
        tokens: fc.constantFrom<TokenKind>('monotonic', 'random', 'none'),
        persistence: fc.constantFrom<Persistence>('durable', 'volatile'),
        lockDelayMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
        releaseChecksOwner: fc.boolean(),
        renewChecksOwner: fc.boolean(),
        clockRate: clockRateArb,
      },
      // Any field may be left out: the schema's defaults must fill it in.
      { requiredKeys: [] },
    )
    .map((drawn) => ({ ...drawn, ...fixed }))
}

interface ResourceDraft {
  fencing: Fencing
  checkToApplyMs: number
  fenceReads: boolean
  initialValue: number | string | null
  idempotent: boolean
  /** Which of the optional fields are written out (the rest take their defaults). */
  explicit: boolean
}

function resourceDraftArb(fencing: readonly Fencing[]): fc.Arbitrary<ResourceDraft> {
  return fc.record({
    fencing: fc.constantFrom(...fencing),
    checkToApplyMs: fc.integer({ min: 1, max: 50 }),
    fenceReads: fc.boolean(),
    initialValue: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: -10, max: 100 }) },
      { weight: 1, arbitrary: fc.constantFrom('init', '') },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    idempotent: fc.boolean(),
    explicit: fc.boolean(),
  })
}

type StepDraft =
  | { do: 'acquire' }
  | { do: 'release' }
  | { do: 'read'; resource: number | null }
  | { do: 'work'; ms: number }
  | { do: 'sleep'; ms: number }
  | { do: 'write'; resource: number | null; value: string | number }
  | { do: 'increment'; resource: number | null; increment: number }
  | { do: 'effect'; resource: number; value: string | number }

const resourceRefArb = fc.option(fc.nat({ max: 2 }), { nil: null })
const valueArb = fc.oneof(fc.constantFrom('A', 'B', 'C', 'x'), fc.integer({ min: 0, max: 9 }))
const opMsArb = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 50, max: 8000 }))

const stepDraftArb: fc.Arbitrary<StepDraft> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ do: 'acquire' as const }) },
  { weight: 2, arbitrary: fc.constant({ do: 'release' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({ do: fc.constant('read' as const), resource: resourceRefArb }),
  },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('work' as const), ms: opMsArb }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('sleep' as const), ms: opMsArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('write' as const),
      resource: resourceRefArb,
      value: valueArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      do: fc.constant('increment' as const),
      resource: resourceRefArb,
      increment: fc.integer({ min: -1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      do: fc.constant('effect' as const),
      resource: fc.nat({ max: 2 }),
      value: valueArb,
    }),
  },
)

/**
 * A job as the lab's stories have it: (read), work, write or increment, (effect) — the client
 * adds the acquire before and the release after.
 */
function jobArb(maxSteps: number): fc.Arbitrary<StepDraft[]> {
  return fc
    .record({
      read: fc.boolean(),
      resource: resourceRefArb,
      workMs: opMsArb,
      write: fc.oneof(
        valueArb.map((value) => ({ value })),
        fc.integer({ min: 1, max: 3 }).map((increment) => ({ increment })),
      ),
      effect: fc.option(fc.tuple(fc.nat({ max: 2 }), valueArb), { nil: null }),
    })
    .map(({ read, resource, workMs, write, effect }) => {
      const steps: StepDraft[] = []
      if (read) steps.push({ do: 'read', resource })
      steps.push({ do: 'work', ms: workMs })
      steps.push(
        'value' in write
          ? { do: 'write', resource, value: write.value }
          : { do: 'increment', resource, increment: write.increment },
      )
      if (effect !== null) steps.push({ do: 'effect', resource: effect[0], value: effect[1] })
      return steps.slice(0, Math.max(1, maxSteps))
    })
}

interface ClientDraft {
  startMs: number
  clockRate: number
  renewEveryMs: number
  checkLeaseBeforeWrite: boolean
  /** Most jobs start by acquiring and end by releasing; random steps go in between. */
  acquireFirst: boolean
  releaseLast: boolean
  steps: StepDraft[]
  explicit: boolean
}

function clientDraftArb(maxSteps: number): fc.Arbitrary<ClientDraft> {
  return fc.record({
    startMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 })),
    clockRate: clockRateArb,
    renewEveryMs: fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 100, max: 6000 }) },
    ),
    checkLeaseBeforeWrite: fc.boolean(),
    acquireFirst: fc.oneof(
      { weight: 4, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    releaseLast: fc.boolean(),
    steps: fc.oneof(fc.array(stepDraftArb, { maxLength: maxSteps }), jobArb(maxSteps)),
    explicit: fc.boolean(),
  })
}

type FaultDraft =
  | { do: 'pause'; atMs: number; node: number; ms: number; client: boolean }
  | { do: 'delay'; atMs: number; from: number; to: number; ms: number }
  | { do: 'drop'; atMs: number; from: number; to: number }
  | { do: 'partition'; atMs: number; a: number; b: number; ms: number | null }
  | { do: 'expire-lease'; atMs: number }
  | { do: 'crash'; atMs: number; node: number; restartAfterMs: number | null }
  | { do: 'clock-jump'; atMs: number; node: number; ms: number }

/** A fault time as a fraction of the horizon (per mille), so it shrinks with the horizon. */
const whenArb = fc.integer({ min: 0, max: 1000 })
const nodeRefArb = fc.nat({ max: 63 })
const faultMsArb = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 100, max: 20_000 }))

// Pauses tell most of the lab's stories (a holder frozen past its lease), so they come up most.
const faultDraftArb: fc.Arbitrary<FaultDraft> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      do: fc.constant('pause' as const),
      atMs: whenArb,
      node: nodeRefArb,
      ms: faultMsArb,
      // Most pauses freeze a client: a holder frozen past its lease.
      client: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    }),
  },
  fc.record({
    do: fc.constant('delay' as const),
    atMs: whenArb,
    from: nodeRefArb,
    to: nodeRefArb,
    ms: faultMsArb,
  }),
  fc.record({ do: fc.constant('drop' as const), atMs: whenArb, from: nodeRefArb, to: nodeRefArb }),
  fc.record({
    do: fc.constant('partition' as const),
    atMs: whenArb,
    a: nodeRefArb,
    b: nodeRefArb,
    ms: fc.option(faultMsArb, { nil: null }),
  }),
  fc.record({ do: fc.constant('expire-lease' as const), atMs: whenArb }),
  fc.record({
    do: fc.constant('crash' as const),
    atMs: whenArb,
    node: nodeRefArb,
    restartAfterMs: fc.option(faultMsArb, { nil: null }),
  }),
  fc.record({
    do: fc.constant('clock-jump' as const),
    atMs: whenArb,
    node: nodeRefArb,
    ms: fc.integer({ min: -15_000, max: 15_000 }),
  }),
)

interface ScenarioDraft {
  /** Per client, with a service of several nodes: null leaves the field out (the check is on). */
  elapsedTimeCheck: (boolean | null)[]
  seed: number
  durationMs: number
  lockService: LockServiceInput
  latency: LatencyInput | null
  resources: ResourceDraft[]
  clients: ClientDraft[]
  faults: FaultDraft[]
}

/** Valid scenarios: 1–5 clients, 1–3 resources, any lock service, faults of every kind. */
export function scenarioArb(options: ScenarioArbOptions = {}): fc.Arbitrary<ScenarioInput> {
  return scenarioDraftArb(options).map(buildScenario)
}

/** The configuration fencing is meant for: under it, no fault schedule breaks token order. */
export const SAFE_LOCK_SERVICE: Partial<LockServiceInput> = {
  tokens: 'monotonic',
  persistence: 'durable',
  releaseChecksOwner: true,
  renewChecksOwner: true,
}

/** Scenarios in the safe configuration: atomic fencing everywhere, monotonic durable tokens. */
export function safeScenarioArb(
  options: Omit<ScenarioArbOptions, 'lockService' | 'fencing'> = {},
): fc.Arbitrary<ScenarioInput> {
  return scenarioArb({ ...options, lockService: SAFE_LOCK_SERVICE, fencing: ['atomic'] })
}

/** One fault valid for `scenario` (its nodes), at a time inside its horizon. */
export function faultFor(scenario: {
  durationMs?: number | undefined
  clients: ReadonlyArray<{ id: string }>
  lockService?: { nodes?: ReadonlyArray<{ id: string }> | undefined } | undefined
  resources?: ReadonlyArray<{ id: string }> | undefined
}): fc.Arbitrary<FaultInput> {
  const nodes = [
    ...scenario.clients.map((c) => c.id),
    ...(scenario.lockService?.nodes?.map((n) => n.id) ?? [LOCK_NODE]),
    ...(scenario.resources ?? [{ id: 'storage' }]).map((r) => r.id),
  ]
  const durationMs = scenario.durationMs ?? 20_000
  return faultDraftArb.map((draft) => buildFault(draft, nodes, scenario.clients.length, durationMs))
}

function scenarioDraftArb(options: ScenarioArbOptions): fc.Arbitrary<ScenarioDraft> {
  const maxClients = clamp(options.maxClients ?? 5, 1, CLIENT_IDS.length)
  const maxResources = clamp(options.maxResources ?? 3, 1, RESOURCE_IDS.length)
  const maxDurationMs = clamp(options.maxDurationMs ?? MAX_DURATION_MS, 1, MAX_DURATION_MS)
  return fc.record({
    seed: fc.nat({ max: 0xffffffff }),
    durationMs: fc.oneof(
      { weight: 1, arbitrary: fc.integer({ min: 1, max: Math.min(2000, maxDurationMs) }) },
      { weight: 3, arbitrary: fc.integer({ min: 1, max: maxDurationMs }) },
    ),
    lockService: options.lockNodes
      ? fc
          .tuple(lockServiceArb(options.lockService), lockNodesArb())
          .map(([service, nodes]) => ({ ...service, ...nodes }))
      : lockServiceArb(options.lockService),
    latency: fc.option(latencyArb, { nil: null }),
    resources: fc.array(
      resourceDraftArb(options.fencing ?? ['none', 'atomic', 'check-then-write']),
      {
        minLength: 1,
        maxLength: maxResources,
      },
    ),
    clients: fc.array(clientDraftArb(options.maxSteps ?? 8), {
      minLength: 1,
      maxLength: maxClients,
    }),
    faults: fc.array(faultDraftArb, { maxLength: options.maxFaults ?? 6 }),
    // Drawn only for a service of several nodes, so that other scenarios stay as they were.
    elapsedTimeCheck: options.lockNodes
      ? fc.array(fc.option(fc.boolean(), { nil: null }), {
          minLength: CLIENT_IDS.length,
          maxLength: CLIENT_IDS.length,
        })
      : fc.constant([]),
  })
}

/** Turns a draft into a valid scenario: ids from the draft's positions, references wrapped. */
function buildScenario(draft: ScenarioDraft): ScenarioInput {
  const resources = draft.resources.map((r, i) => buildResource(r, RESOURCE_IDS[i] as string))
  const lockNodes = draft.lockService.nodes
  const clients = draft.clients.map((c, i) =>
    buildClient(
      c,
      CLIENT_IDS[i] as string,
      resources,
      draft.resources,
      draft.elapsedTimeCheck[i] ?? null,
    ),
  )
  const nodes = [
    ...clients.map((c) => c.id),
    ...(lockNodes?.map((n) => n.id) ?? [LOCK_NODE]),
    ...resources.map((r) => r.id),
  ]
  const scenario: ScenarioInput = {
    format: SCENARIO_FORMAT,
    seed: draft.seed,
    durationMs: draft.durationMs,
    lockService: draft.lockService,
    resources,
    clients,
    faults: draft.faults.map((f) => buildFault(f, nodes, clients.length, draft.durationMs)),
  }
  if (draft.latency !== null) scenario.network = { latencyMs: draft.latency }
  return scenario
}

function buildResource(r: ResourceDraft, id: string): ResourceInput {
  const resource: ResourceInput = { id, fencing: r.fencing }
  if (r.fencing === 'check-then-write' || r.explicit) resource.checkToApplyMs = r.checkToApplyMs
  if (r.explicit || r.initialValue !== 0) resource.initialValue = r.initialValue
  if (r.explicit || r.fenceReads) resource.fenceReads = r.fenceReads
  if (r.explicit || r.idempotent) resource.idempotent = r.idempotent
  return resource
}

function buildClient(
  c: ClientDraft,
  id: string,
  resources: ResourceInput[],
  drafts: ResourceDraft[],
  elapsedTimeCheck: boolean | null,
): ClientInput {
  const resourceId = (ref: number) => (resources[ref % resources.length] as ResourceInput).id
  // An increment needs a numeric initialValue on its target (the first resource by default).
  const numeric = (ref: number | null) =>
    typeof (drafts[(ref ?? 0) % drafts.length] as ResourceDraft).initialValue === 'number'
  const withResource = (ref: number | null) => (ref === null ? {} : { resource: resourceId(ref) })
  const steps: StepInput[] = c.steps.map((s): StepInput => {
    switch (s.do) {
      case 'acquire':
      case 'release':
        return { do: s.do }
      case 'work':
      case 'sleep':
        return { do: s.do, ms: s.ms }
      case 'read':
        return { do: 'read', ...withResource(s.resource) }
      case 'write':
        return { do: 'write', ...withResource(s.resource), value: s.value }
      case 'increment':
        return numeric(s.resource)
          ? { do: 'write', ...withResource(s.resource), increment: s.increment }
          : { do: 'write', ...withResource(s.resource), value: s.increment }
      case 'effect':
        return { do: 'effect', resource: resourceId(s.resource), value: s.value }
    }
  })
  const script: StepInput[] = [
    ...(c.acquireFirst ? [{ do: 'acquire' as const }] : []),
    ...steps,
    ...(c.releaseLast ? [{ do: 'release' as const }] : []),
  ]
  const client: ClientInput = { id, script }
  if (c.explicit || c.startMs !== 0) client.startMs = c.startMs
  if (c.explicit || c.clockRate !== 1) client.clockRate = c.clockRate
  if (c.explicit || c.renewEveryMs !== 0) client.renewEveryMs = c.renewEveryMs
  if (c.explicit || c.checkLeaseBeforeWrite) client.checkLeaseBeforeWrite = c.checkLeaseBeforeWrite
  if (elapsedTimeCheck !== null) client.elapsedTimeCheck = elapsedTimeCheck
  return client
}

/** `nodes` lists the clients first (`clientCount` of them), then the lock and the resources. */
function buildFault(
  f: FaultDraft,
  nodes: readonly string[],
  clientCount: number,
  durationMs: number,
): FaultInput {
  const atMs = Math.floor((f.atMs * durationMs) / 1000)
  const at = (ref: number) => nodes[ref % nodes.length] as string
  // Two different nodes: the second is offset from the first by 1…n-1.
  const pair = (a: number, b: number): [string, string] => [
    at(a),
    at((a % nodes.length) + 1 + (b % (nodes.length - 1))),
  ]
  switch (f.do) {
    case 'pause':
      return { atMs, do: 'pause', node: f.client ? at(f.node % clientCount) : at(f.node), ms: f.ms }
    case 'delay': {
      const [from, to] = pair(f.from, f.to)
      return { atMs, do: 'delay', from, to, ms: f.ms }
    }
    case 'drop': {
      const [from, to] = pair(f.from, f.to)
      return { atMs, do: 'drop', from, to }
    }
    case 'partition': {
      const between = pair(f.a, f.b)
      return f.ms === null
        ? { atMs, do: 'partition', between }
        : { atMs, do: 'partition', between, ms: f.ms }
    }
    case 'expire-lease':
      return { atMs, do: 'expire-lease' }
    case 'crash':
      return f.restartAfterMs === null
        ? { atMs, do: 'crash', node: at(f.node) }
        : { atMs, do: 'crash', node: at(f.node), restartAfterMs: f.restartAfterMs }
    case 'clock-jump':
      return { atMs, do: 'clock-jump', node: at(f.node), ms: f.ms }
  }
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(Math.max(Math.trunc(n), lo), hi)
}
