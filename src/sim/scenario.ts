/**
 * Scenario format v1 (docs/scenario-format.md): the schema, its defaults and its validation.
 *
 * The structural rules live in a valibot schema, so unknown fields and bad values are rejected
 * with a message that names the path (`clients[1].script[2].do`). Rules that span fields
 * (unique ids, references to nodes that exist) run after the schema, over the parsed value.
 */
import * as v from 'valibot'
import { clip } from './words/text'

export const SCENARIO_FORMAT = 'fencing-lab/scenario@1'

/** A node of the simulated system: a client id, `"lock"`, or a resource id. */
export type NodeId = string
export const LOCK_NODE: NodeId = 'lock'

// Safe integers: beyond 2^53 a "whole number" of ms no longer counts single milliseconds.
const msField = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number of milliseconds`),
    v.safeInteger(`${what} must be a whole number of milliseconds`),
    v.minValue(0, `${what} must not be negative`),
  )
const signedMs = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number of milliseconds`),
    v.safeInteger(`${what} must be a whole number of milliseconds`),
  )
/**
 * Tokens count up from firstToken, one per grant, and a run has at most a few million events:
 * from 10^15 that stays far below 2^53, where doubles stop counting in steps of one (a token near
 * 2^53 + 1 would equal its predecessor).
 */
export const MAX_FIRST_TOKEN = 1e15

const positiveRate = v.pipe(
  v.number('a clock rate must be a number'),
  v.minValue(0.01, 'a clock rate must be at least 0.01'),
  v.maxValue(100, 'a clock rate must be at most 100'),
)
const idField = v.pipe(
  v.string('an id must be a string'),
  v.regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,31}$/,
    'an id must start with a letter and use only letters, digits, "-" and "_" (at most 32)',
  ),
)
const text = (max: number) =>
  v.pipe(v.string('must be text'), v.maxLength(max, `must be at most ${max} characters`))
/** Longest text a resource may hold (a written value, an effect, an initial value). */
export const MAX_VALUE_CHARS = 200
const resourceValue = v.union(
  [
    v.pipe(
      v.string(),
      v.maxLength(MAX_VALUE_CHARS, `a value must be at most ${MAX_VALUE_CHARS} characters`),
    ),
    v.pipe(v.number(), v.finite()),
  ],
  'a value must be text or a finite number',
)

const AcquireStep = v.strictObject({ do: v.literal('acquire') })
const ReadStep = v.strictObject({ do: v.literal('read'), resource: v.optional(idField) })
const WorkStep = v.strictObject({ do: v.literal('work'), ms: msField('work ms') })
const WriteStep = v.pipe(
  v.strictObject({
    do: v.literal('write'),
    resource: v.optional(idField),
    value: v.optional(resourceValue),
    increment: v.optional(
      v.pipe(v.number('increment must be a number'), v.integer('increment must be whole')),
    ),
  }),
  v.check(
    (step) => (step.value === undefined) !== (step.increment === undefined),
    'a write needs exactly one of "value" or "increment"',
  ),
)
const EffectStep = v.strictObject({
  do: v.literal('effect'),
  resource: idField,
  value: resourceValue,
})
const ReleaseStep = v.strictObject({ do: v.literal('release') })
const SleepStep = v.strictObject({ do: v.literal('sleep'), ms: msField('sleep ms') })

const ScriptStep = v.variant('do', [
  AcquireStep,
  ReadStep,
  WorkStep,
  WriteStep,
  EffectStep,
  ReleaseStep,
  SleepStep,
])

/** Longest script a client may have (the schema's limit). */
export const MAX_SCRIPT_STEPS = 10_000
/** Most clients a scenario may have (the schema's limit). */
export const MAX_CLIENTS = 64

const ClientSchema = v.strictObject({
  id: idField,
  startMs: v.optional(msField('startMs'), 0),
  clockRate: v.optional(positiveRate, 1),
  renewEveryMs: v.optional(msField('renewEveryMs'), 0),
  checkLeaseBeforeWrite: v.optional(v.boolean('must be true or false'), false),
  /**
   * Extension, for a service of independent nodes: false models a Redlock client that does not
   * measure how long its acquisition took (research S08b), so a majority that arrives late still
   * counts. Ignored by a one-node service. Left out, it is on (and left out of the parsed
   * scenario, so a scenario without it parses exactly as before).
   */
  elapsedTimeCheck: v.optional(v.boolean('must be true or false')),
  script: v.pipe(
    v.array(ScriptStep, 'a script must be a list of steps'),
    v.maxLength(MAX_SCRIPT_STEPS, 'a script may have at most 10,000 steps'),
  ),
})

/** Extension: one independent lock node (a Redis instance): its own clock, memory and faults. */
const LockNodeSchema = v.strictObject({
  id: idField,
  /** Defaults to the service's `clockRate`. */
  clockRate: v.optional(positiveRate),
  /** Defaults to the service's `persistence` (a Redis node without fsync is volatile). */
  persistence: v.optional(
    v.picklist(['durable', 'volatile'], 'persistence must be "durable" or "volatile"'),
  ),
})

/** Most lock nodes a service may have: Redlock deployments use 3, 5 or 7. */
export const MAX_LOCK_NODES = 9

const LockServiceFields = v.strictObject({
  leaseMs: v.optional(
    v.pipe(msField('leaseMs'), v.minValue(1, 'leaseMs must be at least 1 ms')),
    10000,
  ),
  firstToken: v.optional(
    v.pipe(
      v.number('firstToken must be a number'),
      v.safeInteger('firstToken must be a whole number'),
      v.maxValue(
        MAX_FIRST_TOKEN,
        'firstToken must be at most 10^15, so that every token counted up from it stays exact',
      ),
    ),
    41,
  ),
  // No default here: a service of independent nodes defaults to random values (see below).
  tokens: v.optional(
    v.picklist(['monotonic', 'random', 'none'], 'tokens must be "monotonic", "random" or "none"'),
  ),
  persistence: v.optional(
    v.picklist(['durable', 'volatile'], 'persistence must be "durable" or "volatile"'),
    'durable',
  ),
  lockDelayMs: v.optional(msField('lockDelayMs'), 0),
  releaseChecksOwner: v.optional(v.boolean('must be true or false'), true),
  renewChecksOwner: v.optional(v.boolean('must be true or false'), true),
  clockRate: v.optional(positiveRate, 1),
  /**
   * Extension: a service of independent lock nodes, acquired the Redlock way (ask every node,
   * count the grants, hold only with a quorum and time left). Without it the service is the one
   * node `"lock"`, exactly as before.
   */
  nodes: v.optional(
    v.pipe(
      v.array(LockNodeSchema, 'nodes must be a list'),
      v.minLength(1, 'a service needs at least one node'),
      v.maxLength(MAX_LOCK_NODES, `at most ${MAX_LOCK_NODES} lock nodes`),
    ),
  ),
  /** Grants needed to hold the lock (default: a majority, floor(N/2) + 1). Needs `nodes`. */
  quorum: v.optional(
    v.pipe(
      v.number('quorum must be a number'),
      v.safeInteger('quorum must be a whole number'),
      v.minValue(1, 'quorum must be at least 1'),
    ),
  ),
  /** Clock drift allowed, as a share of the lease (Redlock's default 0.01). Needs `nodes`. */
  driftFactor: v.optional(
    v.pipe(
      v.number('driftFactor must be a number'),
      v.minValue(0, 'driftFactor must not be negative'),
      v.maxValue(0.5, 'driftFactor must be at most 0.5'),
    ),
  ),
  /** How long a client waits for each node's answer (default 50 ms). Needs `nodes`. */
  nodeTimeoutMs: v.optional(
    v.pipe(msField('nodeTimeoutMs'), v.minValue(1, 'nodeTimeoutMs must be at least 1 ms')),
  ),
  /** Further attempts after a failed acquisition (default 3). Needs `nodes`. */
  retryCount: v.optional(
    v.pipe(
      v.number('retryCount must be a number'),
      v.safeInteger('retryCount must be a whole number'),
      v.minValue(0, 'retryCount must not be negative'),
      v.maxValue(100, 'retryCount must be at most 100'),
    ),
  ),
  /** Wait between attempts (default 200 ms). Needs `nodes`. */
  retryDelayMs: v.optional(msField('retryDelayMs')),
})

const LockServiceSchema = v.pipe(
  LockServiceFields,
  // A majority vote has no counter: a service of nodes gives random values unless told otherwise
  // (and is told off for "monotonic" in checkReferences).
  // Fields keep their order (tokens third), so a parsed scenario's JSON — and every hash and link
  // made from it — is what it was before this field lost its plain default.
  v.transform(({ leaseMs, firstToken, tokens, ...rest }) => ({
    leaseMs,
    firstToken,
    tokens: tokens ?? (rest.nodes === undefined ? ('monotonic' as const) : ('random' as const)),
    ...rest,
  })),
)

const ResourceSchema = v.strictObject({
  id: idField,
  fencing: v.optional(
    v.picklist(
      ['none', 'atomic', 'check-then-write'],
      'fencing must be "none", "atomic" or "check-then-write"',
    ),
    'atomic',
  ),
  checkToApplyMs: v.optional(msField('checkToApplyMs'), 10),
  fenceReads: v.optional(v.boolean('must be true or false'), false),
  initialValue: v.optional(v.union([resourceValue, v.null()], 'must be text, a number or null'), 0),
  /** Extension: repeated identical writes/effects are absorbed (an idempotency key). */
  idempotent: v.optional(v.boolean('must be true or false'), false),
})

const latencyRange = v.pipe(
  v.strictTuple([msField('latency min'), msField('latency max')], 'latencyMs must be [min, max]'),
  v.check(([lo, hi]) => lo <= hi, 'latencyMs [min, max] needs min <= max'),
)
const NetworkSchema = v.strictObject({
  latencyMs: v.optional(
    v.union(
      [msField('latencyMs'), latencyRange],
      'latencyMs must be a number of milliseconds or [min, max]',
    ),
    5,
  ),
})

const at = { atMs: msField('atMs') }
const FaultSchema = v.variant('do', [
  v.strictObject({ ...at, do: v.literal('pause'), node: idField, ms: msField('pause ms') }),
  /** Extension: end a node's pause now (a reader's "Resume client A"). */
  v.strictObject({ ...at, do: v.literal('resume'), node: idField }),
  v.strictObject({
    ...at,
    do: v.literal('delay'),
    from: idField,
    to: idField,
    ms: msField('delay ms'),
  }),
  v.strictObject({ ...at, do: v.literal('drop'), from: idField, to: idField }),
  v.strictObject({
    ...at,
    do: v.literal('partition'),
    between: v.strictTuple([idField, idField], 'between must name two nodes'),
    ms: v.optional(msField('partition ms')),
  }),
  v.strictObject({ ...at, do: v.literal('expire-lease') }),
  v.strictObject({
    ...at,
    do: v.literal('crash'),
    node: idField,
    restartAfterMs: v.optional(msField('restartAfterMs')),
  }),
  v.strictObject({ ...at, do: v.literal('clock-jump'), node: idField, ms: signedMs('jump ms') }),
])

/**
 * Extension: answers to the engine's choice points that differ from the seeded ones (the n-th
 * `choose()` call, counting latency draws, same-time tie-breaks and random tokens). The explorer
 * writes them so that a counterexample which depends on a message ordering is still a scenario.
 */
const ChoiceSchema = v.strictObject({
  index: v.pipe(
    v.number('index must be a number'),
    v.safeInteger('index must be a whole number'),
    v.minValue(0, 'index must not be negative'),
  ),
  point: v.picklist(['latency', 'tie'], 'point must be "latency" or "tie"'),
  answer: v.pipe(
    v.number('answer must be a number'),
    v.safeInteger('answer must be a whole number'),
    v.minValue(0, 'answer must not be negative'),
  ),
})

/** Extension: captions shown at a moment of the run (a time, or the nth event of a type). */
const NarrationSchema = v.union(
  [
    v.strictObject({ atMs: msField('atMs'), text: text(400) }),
    v.strictObject({
      on: v.pipe(v.string(), v.regex(/^[A-Z][A-Za-z]+$/, 'on must be an event type')),
      node: v.optional(idField),
      nth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      text: text(400),
    }),
  ],
  'a narration line is {"atMs", "text"} or {"on", "text"} (with optional "node", "nth")',
)

/**
 * valibot's objects accept arrays, and an object whose fields are all optional would take `[]`
 * for `{}` without a word. Settings given as a list are a mistake worth naming.
 */
function notAList<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.custom<v.InferInput<S>>((input) => !Array.isArray(input), 'must be an object, not a list'),
    schema,
  )
}

const DEFAULT_RESOURCES = [
  {
    id: 'storage',
    fencing: 'atomic' as const,
    checkToApplyMs: 10,
    fenceReads: false,
    initialValue: 0,
    idempotent: false,
  },
]

export const ScenarioSchema = v.strictObject({
  format: v.optional(
    v.literal(
      SCENARIO_FORMAT,
      `format must be "${SCENARIO_FORMAT}" (this version of Fencing Lab reads format 1)`,
    ),
    SCENARIO_FORMAT,
  ),
  id: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'id must be a lowercase slug (a-z, 0-9, "-")'),
    ),
  ),
  title: v.optional(text(200)),
  description: v.optional(text(4000)),
  seed: v.optional(
    v.pipe(
      v.number('seed must be a number'),
      v.integer('seed must be a whole number'),
      v.minValue(0, 'seed must not be negative'),
      v.maxValue(0xffffffff, 'seed must fit in 32 bits'),
    ),
    1,
  ),
  durationMs: v.optional(
    v.pipe(
      msField('durationMs'),
      v.minValue(1, 'durationMs must be at least 1'),
      v.maxValue(86_400_000, 'durationMs must be at most one day'),
    ),
    20000,
  ),
  lockService: v.optional(notAList(LockServiceSchema), {}),
  resources: v.optional(
    v.pipe(
      v.array(ResourceSchema, 'resources must be a list'),
      v.minLength(1, 'at least one resource is needed'),
      v.maxLength(16, 'at most 16 resources'),
    ),
    () => structuredCloneResources(),
  ),
  network: v.optional(notAList(NetworkSchema), {}),
  clients: v.pipe(
    v.array(ClientSchema, 'clients must be a list'),
    v.minLength(1, 'at least one client is needed'),
    v.maxLength(MAX_CLIENTS, 'at most 64 clients'),
  ),
  faults: v.optional(
    v.pipe(v.array(FaultSchema, 'faults must be a list'), v.maxLength(1000, 'at most 1000 faults')),
    [],
  ),
  narration: v.optional(
    v.pipe(v.array(NarrationSchema), v.maxLength(100, 'at most 100 narration lines')),
  ),
  choices: v.optional(
    v.pipe(
      v.array(ChoiceSchema, 'choices must be a list'),
      v.maxLength(64, 'at most 64 choices'),
      v.check(
        (list) =>
          list.every((c, i) => i === 0 || (list[i - 1] as { index: number }).index < c.index),
        'choices must be in increasing index order, one per index',
      ),
    ),
  ),
})

function structuredCloneResources() {
  return DEFAULT_RESOURCES.map((r) => ({ ...r }))
}

/** A scenario as written by a person: every field but `clients` may be left out. */
export type ScenarioInput = v.InferInput<typeof ScenarioSchema>
/** A validated scenario with every default filled in. The engine only ever sees this shape. */
export type Scenario = v.InferOutput<typeof ScenarioSchema>
export type ClientConfig = Scenario['clients'][number]
export type ScriptStep = ClientConfig['script'][number]
export type ResourceConfig = Scenario['resources'][number]
export type LockServiceConfig = Scenario['lockService']
export type Fault = Scenario['faults'][number]
export type FaultKind = Fault['do']
export type NarrationLine = NonNullable<Scenario['narration']>[number]
export type ChoiceOverride = NonNullable<Scenario['choices']>[number]
export type ResourceValue = string | number | null
export type Token = number | string | null

export interface ScenarioIssue {
  /** Where the problem is, e.g. `clients[1].script[2].do`; empty for the whole document. */
  path: string
  message: string
}

export type ParseResult =
  { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[]; message: string }

/**
 * Client lists this function has returned. They are valid and never changed (scenarios are
 * values), so a scenario that carries one again (an edit: new faults or fencing, the same
 * clients) has only its other fields checked: a 100k-event scenario's 25,000 script lines took
 * about 100 ms to check again on every edit and when its link opened.
 */
const checkedClients = new WeakSet<object>()

/** Validates untrusted input (parsed JSON) and fills in defaults. Never throws. */
export function parseScenario(input: unknown): ParseResult {
  let result: ReturnType<typeof v.safeParse<typeof ScenarioSchema>>
  let clients: Scenario['clients'] | null = null
  // valibot's objects accept a list: a scenario given as one would be told of its missing fields.
  if (Array.isArray(input)) return failure([{ path: '', message: 'must be an object, not a list' }])
  try {
    clients = checkedClientsOf(input)
    // The schema checks each field on its own (references across fields are checkReferences'),
    // so one client of the list, without its script, stands in for the list it already checked.
    const checked = clients === null ? input : { ...(input as object), clients: standIn(clients) }
    result = v.safeParse(ScenarioSchema, checked, { abortEarly: false })
  } catch (error) {
    // Defensive: valibot does not throw on bad input, but a hostile object (a throwing getter)
    // could; the contract is a message, never an exception.
    return failure([{ path: '', message: `could not read the scenario (${String(error)})` }])
  }
  if (!result.success) {
    return failure(dedupe(result.issues.map(describeIssue)))
  }
  const scenario = clients === null ? result.output : { ...result.output, clients }
  const semantic = checkReferences(scenario)
  if (semantic.length > 0) return failure(semantic)
  checkedClients.add(scenario.clients)
  return { ok: true, scenario }
}

/**
 * Records a client list as checked: scenarioPieces.ts checked it a piece at a time, with this
 * module's schema (only it may call this; the sim's index does not export it).
 */
export function rememberCheckedClients(clients: Scenario['clients']): void {
  checkedClients.add(clients)
}

/** Whether parseScenario (or scenarioPieces.ts) has checked this very client list. */
export function isCheckedClientList(clients: object): boolean {
  return checkedClients.has(clients)
}

/** A checked list's first client without its script: the schema's list checks need one. */
function standIn(clients: Scenario['clients']): Scenario['clients'] {
  return clients.slice(0, 1).map((client) => ({ ...client, script: [] }))
}

function checkedClientsOf(input: unknown): Scenario['clients'] | null {
  if (typeof input !== 'object' || input === null) return null
  const clients: unknown = (input as { clients?: unknown }).clients
  return typeof clients === 'object' && clients !== null && checkedClients.has(clients)
    ? (clients as Scenario['clients'])
    : null
}

/** Parses JSON text, then validates it. Never throws. */
export function parseScenarioJson(json: string): ParseResult {
  let input: unknown
  try {
    input = JSON.parse(json)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return failure([{ path: '', message: `not valid JSON: ${detail}` }])
  }
  return parseScenario(input)
}

function failure(issues: ScenarioIssue[]): ParseResult {
  const shown = issues.slice(0, 5).map(formatIssue)
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''
  return { ok: false, issues, message: `Invalid scenario: ${shown.join('; ')}${more}` }
}

export function formatIssue(issue: ScenarioIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`
}

function dedupe(issues: ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>()
  return issues.filter((i) => {
    const key = formatIssue(i)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

type ValibotIssue = v.BaseIssue<unknown>

/** The longest piece of the input (a value, a field name) that a message quotes back. */
const MAX_QUOTED_CHARS = 60

/** Shortens input quoted in a message: a hostile document must not make a message of itself. */
function clipQuoted(text: string): string {
  return clip(text, MAX_QUOTED_CHARS)
}

function describeIssue(issue: ValibotIssue): ScenarioIssue {
  const keys = (issue.path ?? []).map((item) => item.key as string | number)
  const path = formatPath(keys)
  const received = clipQuoted(issue.received)
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    return { path, message: 'unknown field' }
  }
  if (issue.type === 'strict_object' && issue.received === 'undefined' && path !== '') {
    return { path, message: 'required field is missing' }
  }
  // A step or fault that is not an object at all (null, a word): its kinds do not matter yet.
  const notObject = issue.type === 'variant' && issue.expected === 'Object'
  if (issue.type === 'variant' && issue.expected !== null && !notObject) {
    return {
      path,
      message: `must be one of ${issue.expected.replace(/[()]/g, '')}, not ${received === 'undefined' ? 'nothing' : received}`,
    }
  }
  if (issue.type === 'strict_object' || issue.type === 'object' || notObject) {
    return { path, message: `must be an object, not ${received}` }
  }
  if (issue.type === 'array') return { path, message: `must be a list, not ${received}` }
  if (issue.message.startsWith('Invalid type: Expected ')) {
    return { path, message: `must be ${issue.expected ?? 'valid'}, not ${received}` }
  }
  // Valibot's own messages may quote the value they received: bound them too.
  const message = issue.message
  return { path, message: message.length > 300 ? `${message.slice(0, 300)}…` : message }
}

/** `["clients", 1, "script", 2, "do"]` → `clients[1].script[2].do` (a very long key clipped) */
export function formatPath(keys: ReadonlyArray<string | number>): string {
  let out = ''
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? clipQuoted(key) : `.${clipQuoted(key)}`
  }
  return out
}

/** Rules the schema cannot express: unique ids, and every reference names a node that exists. */
function checkReferences(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = []
  const nodes = new Set<string>(checkLockNodes(s.lockService, issues))
  const resourceIds = new Set<string>()
  const clientIds = new Set<string>()
  s.resources.forEach((r, i) => {
    if (nodes.has(r.id)) {
      issues.push({ path: `resources[${i}].id`, message: `"${r.id}" is already used` })
    }
    nodes.add(r.id)
    resourceIds.add(r.id)
    if (r.fencing === 'check-then-write' && r.checkToApplyMs < 1) {
      issues.push({
        path: `resources[${i}].checkToApplyMs`,
        message: 'check-then-write needs a gap of at least 1 ms',
      })
    }
  })
  s.clients.forEach((c, i) => {
    if (nodes.has(c.id)) {
      issues.push({ path: `clients[${i}].id`, message: `"${c.id}" is already used` })
    }
    nodes.add(c.id)
    clientIds.add(c.id)
  })
  const firstResource = s.resources[0]
  s.clients.forEach((c, i) => {
    c.script.forEach((step, j) => {
      if (step.do !== 'read' && step.do !== 'write' && step.do !== 'effect') return
      const target = step.resource ?? firstResource?.id
      if (target === undefined || !resourceIds.has(target)) {
        // The path is written only for a problem: a long scenario has tens of thousands of steps.
        issues.push({
          path: `clients[${i}].script[${j}].resource`,
          message: `no resource "${target}"`,
        })
        return
      }
      if (step.do === 'write' && step.increment !== undefined) {
        const initial = s.resources.find((r) => r.id === target)?.initialValue
        if (typeof initial !== 'number') {
          issues.push({
            path: `clients[${i}].script[${j}].increment`,
            message: `"${target}" has a non-numeric initialValue, so it cannot be incremented`,
          })
        }
      }
    })
  })
  s.faults.forEach((f, i) => {
    const path = `faults[${i}]`
    const need = (field: string, id: string) => {
      if (!nodes.has(id)) issues.push({ path: `${path}.${field}`, message: `no node "${id}"` })
    }
    switch (f.do) {
      case 'pause':
      case 'resume':
      case 'crash':
      case 'clock-jump':
        need('node', f.node)
        break
      case 'delay':
      case 'drop':
        need('from', f.from)
        need('to', f.to)
        if (f.from === f.to) issues.push({ path, message: 'a link needs two different nodes' })
        break
      case 'partition':
        need('between[0]', f.between[0])
        need('between[1]', f.between[1])
        if (f.between[0] === f.between[1]) {
          issues.push({ path: `${path}.between`, message: 'a partition needs two different nodes' })
        }
        break
      case 'expire-lease':
        break
    }
  })
  ;(s.narration ?? []).forEach((line, i) => {
    if ('node' in line && line.node !== undefined && !nodes.has(line.node)) {
      issues.push({ path: `narration[${i}].node`, message: `no node "${line.node}"` })
    }
  })
  return issues
}

/** The service's node ids (`["lock"]` for one node), with the issues of its node settings. */
function checkLockNodes(service: LockServiceConfig, issues: ScenarioIssue[]): NodeId[] {
  const list = service.nodes
  if (list === undefined) {
    for (const field of NODE_ONLY_FIELDS) {
      if (service[field] !== undefined) {
        issues.push({
          path: `lockService.${field}`,
          message: 'only a service of independent nodes has this setting (add lockService.nodes)',
        })
      }
    }
    return [LOCK_NODE]
  }
  const ids: NodeId[] = []
  list.forEach((n, i) => {
    if (ids.includes(n.id)) {
      issues.push({ path: `lockService.nodes[${i}].id`, message: `"${n.id}" is already used` })
    }
    ids.push(n.id)
  })
  if (service.tokens !== 'random') {
    issues.push({
      path: 'lockService.tokens',
      message: `a service of independent nodes gives random values, not "${service.tokens}" (a majority vote has no counter); leave it out or write "random"`,
    })
  }
  if (service.quorum !== undefined && service.quorum > list.length) {
    issues.push({
      path: 'lockService.quorum',
      message: `a quorum of ${service.quorum} cannot be reached with ${list.length} ${list.length === 1 ? 'node' : 'nodes'}`,
    })
  }
  return ids
}

const NODE_ONLY_FIELDS = [
  'quorum',
  'driftFactor',
  'nodeTimeoutMs',
  'retryCount',
  'retryDelayMs',
] as const

/** The ids of the lock service's nodes: `["lock"]`, or the ids of `lockService.nodes`. */
export function lockNodeIds(s: Scenario): NodeId[] {
  return s.lockService.nodes?.map((n) => n.id) ?? [LOCK_NODE]
}

/** The Redlock client settings of a service of independent nodes, defaults filled in. */
export interface QuorumSettings {
  nodes: number
  quorum: number
  driftFactor: number
  nodeTimeoutMs: number
  retryCount: number
  retryDelayMs: number
}

export function quorumSettings(service: LockServiceConfig): QuorumSettings | null {
  if (service.nodes === undefined) return null
  const nodes = service.nodes.length
  return {
    nodes,
    quorum: service.quorum ?? Math.floor(nodes / 2) + 1,
    driftFactor: service.driftFactor ?? 0.01,
    nodeTimeoutMs: service.nodeTimeoutMs ?? 50,
    retryCount: service.retryCount ?? 3,
    retryDelayMs: service.retryDelayMs ?? 200,
  }
}

/**
 * Redlock's allowance for clock drift: the drift factor's share of the lease, plus 2 ms for
 * Redis's 1 ms expiry precision (node-redlock: `Math.round(driftFactor * duration) + 2`).
 */
export function driftAllowanceMs(settings: QuorumSettings, leaseMs: number): number {
  return Math.round(settings.driftFactor * leaseMs) + 2
}

/** The resource a read/write step targets (its `resource`, else the first resource). */
export function stepResource(s: Scenario, step: { resource?: string | undefined }): string {
  return step.resource ?? s.resources[0]?.id ?? 'storage'
}
