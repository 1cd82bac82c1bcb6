/**
 * Chaos mode: random fault schedules from a seed, each run twice — with every resource fenced
 * (`atomic`) and with none (`none`) — and counted by the violations the checker finds.
 *
 * Where the explorer asks "is there ANY schedule that breaks this?" and answers with the shortest
 * one, chaos asks "how often do random faults break it?": violations per 1,000 runs, fencing on
 * vs off. Pure and deterministic: run i of seed s is the same schedule on every machine, however
 * the runs are stepped, so any failing run can be rebuilt from (input, side, index) alone.
 *
 * How a schedule is drawn (mulberry32, seeded per run from the seed and the run's index):
 * - 1 to maxFaults faults, each of a kind drawn from the budget's kinds;
 * - a time uniform over the fault-free run (from 0 to its end: a later fault does nothing);
 * - durations uniform from 1 ms to two leases (pauses, delays, partitions, restarts), a partition
 *   forever one time in four, clock jumps of ±1 ms to ± one lease;
 * - nodes and links drawn from where they make sense, as for the explorer's candidates: pauses
 *   and crashes hit any node, a restart the lock service or a resource, delays and drops a link
 *   that carried a message, a partition a pair that talked, a clock jump the lock service or a
 *   client that reads its clock;
 * - and the run's own `seed`, so latency draws vary from run to run as well.
 */
import type { Fault, Fencing, Finding, NodeId, Scenario, ViolationKind } from '../sim'
import {
  check,
  faultClause,
  formatMs,
  lockNodeIds,
  parseScenario,
  run,
  VIOLATION_KINDS,
  withFencing,
} from '../sim'
import { nextRandom, seedState } from '../sim/rng'
import type { BudgetFaultKind } from './types'
import { BUDGET_FAULT_KINDS } from './types'

export interface ChaosInput {
  /** A validated scenario. Its `choices` are set aside: each run draws its own timing. */
  scenario: Scenario
  /** Add the random faults to the scenario's own (`keep`) or use them alone (`none`). */
  baseFaults: 'keep' | 'none'
  kinds: readonly BudgetFaultKind[]
  /** Faults per run are drawn from 1 to this (1–3). */
  maxFaults: number
  /** How many schedules (each run twice: fencing on and off). 1–100,000. */
  runs: number
  /** A 32-bit whole number: the same seed gives the same schedules. */
  seed: number
}

/** The two sides of every run. */
export type ChaosSide = 'fenced' | 'unfenced'
export const CHAOS_SIDES: readonly ChaosSide[] = ['fenced', 'unfenced']
export const SIDE_FENCING: Readonly<Record<ChaosSide, Fencing>> = {
  fenced: 'atomic',
  unfenced: 'none',
}

/** One random schedule: run `index` of the seed. */
export interface ChaosSchedule {
  index: number
  /** The run's scenario seed (latency draws, random tokens). */
  seed: number
  faults: Fault[]
}

/** A run that broke an invariant, kept so the reader can open it in the lab. */
export interface ChaosExample {
  index: number
  side: ChaosSide
  seed: number
  faults: Fault[]
  /** Every violation kind the run showed. */
  kinds: ViolationKind[]
  /** Its first violation. */
  finding: Pick<Finding, 'kind' | 'atMs' | 'message'>
}

export type ChaosCounts = Record<ViolationKind, number>

export interface ChaosProgress {
  /** Schedules run so far (each on both sides) and in all. */
  done: number
  total: number
  /** Simulations run (two per schedule). */
  simulations: number
  /** Runs with at least one violation of each kind, per side. */
  counts: Record<ChaosSide, ChaosCounts>
  /** Runs with at least one violation of any kind, per side. */
  failing: Record<ChaosSide, number>
  /** The first few failing runs per side and kind (EXAMPLES_PER_KIND each), in run order. */
  examples: ChaosExample[]
  finished: boolean
}

export interface Chaos {
  /** Runs up to `maxRuns` more schedules (both sides) and reports where it stands. */
  step(maxRuns: number): ChaosProgress
  progress(): ChaosProgress
}

/** Failing runs kept per side and violation kind. */
export const EXAMPLES_PER_KIND = 3
export const MAX_CHAOS_RUNS = 100_000

export class ChaosInputError extends Error {
  override readonly name = 'ChaosInputError'
}

/** What schedules are drawn from, derived once from the scenario and its fault-free run. */
export interface ChaosPlan {
  kinds: BudgetFaultKind[]
  maxFaults: number
  seed: number
  leaseMs: number
  /** Faults are drawn at times in [0, horizonMs]. */
  horizonMs: number
  nodes: NodeId[]
  /** The lock service and the resources: what a crash with a restart makes sense for. */
  restartable: NodeId[]
  /** The lock service and the clients that read their clock. */
  clockReaders: NodeId[]
  /** Directed links that carried a message in the fault-free run. */
  links: Array<[NodeId, NodeId]>
  /** Unordered pairs that exchanged a message. */
  pairs: Array<[NodeId, NodeId]>
}

export function chaosPlan(input: ChaosInput): ChaosPlan {
  const { scenario } = normalize(input)
  const base = run(scenario)
  const clients = scenario.clients.map((c) => c.id)
  const resources = scenario.resources.map((r) => r.id)
  const locks = lockNodeIds(scenario)
  const nodes = [...clients, ...locks, ...resources]
  const links = new Map<string, [NodeId, NodeId]>()
  const pairs = new Map<string, [NodeId, NodeId]>()
  for (const e of base.events) {
    if (e.type !== 'MessageSent' || e.node === e.to) continue
    links.set(`${e.node}>${e.to}`, [e.node, e.to])
    const [a, b] = nodes.indexOf(e.node) < nodes.indexOf(e.to) ? [e.node, e.to] : [e.to, e.node]
    pairs.set(`${a}|${b}`, [a, b])
  }
  return {
    kinds: [...new Set(input.kinds)],
    maxFaults: input.maxFaults,
    seed: input.seed,
    leaseMs: scenario.lockService.leaseMs,
    horizonMs: Math.max(1, base.endMs),
    nodes,
    restartable: [...locks, ...resources],
    clockReaders: [
      ...locks,
      ...scenario.clients
        .filter((c) => c.renewEveryMs > 0 || c.checkLeaseBeforeWrite)
        .map((c) => c.id),
    ],
    links: [...links.values()],
    pairs: [...pairs.values()],
  }
}

/** A tiny seeded generator over mulberry32 (the simulation's own). */
class Draw {
  private state: number
  constructor(state: number) {
    this.state = state
  }
  /** A float in [0, 1). */
  next(): number {
    const { value, state } = nextRandom(this.state)
    this.state = state
    return value
  }
  /** A whole number in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)] as T
  }
}

/** Run `index` of the plan's seed: the same schedule every time. */
export function chaosSchedule(plan: ChaosPlan, index: number): ChaosSchedule {
  // Nearby seeds and indices give unrelated streams (seedState mixes its input).
  const draw = new Draw(seedState((seedState(plan.seed) ^ Math.imul(index + 1, 0x9e3779b1)) | 0))
  const seed = Math.floor(draw.next() * 0x1_0000_0000)
  const count = draw.int(1, plan.maxFaults)
  const faults: Fault[] = []
  for (let i = 0; i < count; i++) {
    const fault = drawFault(plan, draw)
    if (fault !== null) faults.push(fault)
  }
  // In time order (the engine does not need it; a reader does). The sort is stable.
  faults.sort((a, b) => a.atMs - b.atMs)
  return { index, seed, faults }
}

function drawFault(plan: ChaosPlan, draw: Draw): Fault | null {
  const kind = draw.pick(plan.kinds)
  const atMs = draw.int(0, plan.horizonMs)
  const lengthMs = () => draw.int(1, 2 * plan.leaseMs)
  switch (kind) {
    case 'pause':
      return { atMs, do: 'pause', node: draw.pick(plan.nodes), ms: lengthMs() }
    case 'delay': {
      if (plan.links.length === 0) return null
      const [from, to] = draw.pick(plan.links)
      return { atMs, do: 'delay', from, to, ms: lengthMs() }
    }
    case 'drop': {
      if (plan.links.length === 0) return null
      const [from, to] = draw.pick(plan.links)
      return { atMs, do: 'drop', from, to }
    }
    case 'partition': {
      if (plan.pairs.length === 0) return null
      const [a, b] = draw.pick(plan.pairs)
      const forever = draw.int(0, 3) === 0
      return forever
        ? { atMs, do: 'partition', between: [a, b] }
        : { atMs, do: 'partition', between: [a, b], ms: lengthMs() }
    }
    case 'clock-jump': {
      const node = draw.pick(plan.clockReaders)
      const ms = draw.int(1, plan.leaseMs) * (draw.int(0, 1) === 0 ? -1 : 1)
      return { atMs, do: 'clock-jump', node, ms }
    }
    case 'crash':
      return { atMs, do: 'crash', node: draw.pick(plan.nodes) }
    case 'crash-restart':
      return { atMs, do: 'crash', node: draw.pick(plan.restartable), restartAfterMs: lengthMs() }
    case 'expire-lease':
      return { atMs, do: 'expire-lease' }
  }
}

/** The scenario of one side of one chaos run (what the lab opens), before narration. */
function runScenario(
  config: Scenario,
  baseFaults: readonly Fault[],
  side: ChaosSide,
  schedule: Pick<ChaosSchedule, 'seed' | 'faults'>,
): Scenario {
  return {
    ...withFencing(config, SIDE_FENCING[side]),
    seed: schedule.seed,
    faults: [...baseFaults, ...schedule.faults],
  }
}

interface Normalized {
  /** The configuration: no id, narration or choices; its faults are the base faults. */
  scenario: Scenario
  baseFaults: Fault[]
}

function normalize(input: ChaosInput): Normalized {
  if (typeof input !== 'object' || input === null) {
    throw new ChaosInputError('Cannot run chaos: the input must be an object')
  }
  const problems: string[] = []
  const parsed = parseScenario(input.scenario)
  if (!parsed.ok) problems.push(`scenario: ${parsed.message}`)
  if (input.baseFaults !== 'keep' && input.baseFaults !== 'none') {
    problems.push('baseFaults must be "keep" or "none"')
  }
  const kinds: unknown = input.kinds
  if (!Array.isArray(kinds) || kinds.length === 0) {
    problems.push('kinds must name at least one fault kind')
  } else {
    for (const kind of kinds as unknown[]) {
      if (!(BUDGET_FAULT_KINDS as readonly unknown[]).includes(kind)) {
        problems.push(
          `kinds: unknown fault kind ${JSON.stringify(kind)} (one of ${BUDGET_FAULT_KINDS.join(', ')})`,
        )
      }
    }
  }
  const whole = (name: string, value: unknown, lo: number, hi: number) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < lo || value > hi) {
      problems.push(`${name} must be a whole number from ${lo} to ${hi}`)
    }
  }
  whole('maxFaults', input.maxFaults, 1, 3)
  whole('runs', input.runs, 1, MAX_CHAOS_RUNS)
  whole('seed', input.seed, 0, 0xffffffff)
  if (problems.length > 0 || !parsed.ok) {
    throw new ChaosInputError(`Cannot run chaos: ${problems.join('; ')}`)
  }
  const { id: _id, narration: _narration, choices: _choices, ...config } = parsed.scenario
  const baseFaults = input.baseFaults === 'keep' ? parsed.scenario.faults : []
  return { scenario: { ...config, faults: baseFaults }, baseFaults }
}

function zeroCounts(): ChaosCounts {
  const counts = {} as ChaosCounts
  for (const kind of VIOLATION_KINDS) counts[kind] = 0
  return counts
}

/** Creates a steppable chaos run. Throws ChaosInputError on bad input. */
export function createChaos(input: ChaosInput): Chaos {
  const { scenario, baseFaults } = normalize(input)
  const plan = chaosPlan(input)
  const counts: Record<ChaosSide, ChaosCounts> = { fenced: zeroCounts(), unfenced: zeroCounts() }
  const failing: Record<ChaosSide, number> = { fenced: 0, unfenced: 0 }
  const kept = new Map<string, number>()
  const examples: ChaosExample[] = []
  let done = 0
  let simulations = 0

  const progress = (): ChaosProgress => ({
    done,
    total: input.runs,
    simulations,
    counts: { fenced: { ...counts.fenced }, unfenced: { ...counts.unfenced } },
    failing: { ...failing },
    examples: examples.slice(),
    finished: done >= input.runs,
  })

  const runOne = (schedule: ChaosSchedule, side: ChaosSide) => {
    const result = check(run(runScenario(scenario, baseFaults, side, schedule)))
    simulations++
    const first = result.violations[0]
    if (first === undefined) return
    failing[side]++
    const kinds = [...new Set(result.violations.map((v) => v.kind as ViolationKind))]
    let keep = false
    for (const kind of kinds) {
      counts[side][kind]++
      const key = `${side} ${kind}`
      const n = kept.get(key) ?? 0
      if (n < EXAMPLES_PER_KIND) {
        kept.set(key, n + 1)
        keep = true
      }
    }
    if (keep) {
      examples.push({
        index: schedule.index,
        side,
        seed: schedule.seed,
        faults: schedule.faults,
        kinds,
        finding: { kind: first.kind, atMs: first.atMs, message: first.message },
      })
    }
  }

  return {
    step(maxRuns) {
      const end = Math.min(input.runs, done + Math.max(0, maxRuns))
      for (; done < end; done++) {
        const schedule = chaosSchedule(plan, done)
        for (const side of CHAOS_SIDES) runOne(schedule, side)
      }
      return progress()
    },
    progress,
  }
}

/** Runs chaos to its end (tests, benchmarks). */
export function runChaos(input: ChaosInput): ChaosProgress {
  return createChaos(input).step(input.runs)
}

/**
 * A failing run as a scenario of its own, ready to open in the lab: the searched configuration
 * with that side's fencing, the run's seed and faults, a title and a description in words.
 */
export function chaosExampleScenario(input: ChaosInput, example: ChaosExample): Scenario {
  const { scenario, baseFaults } = normalize(input)
  const fencing = example.side === 'fenced' ? 'fencing on' : 'fencing off'
  const words = example.faults.map((f) => faultClause(f)).join('; ')
  const candidate = {
    ...runScenario(scenario, baseFaults, example.side, example),
    title:
      `Chaos run ${example.index + 1} of seed ${input.seed} (${fencing}): ${scenario.title ?? 'scenario'}`.slice(
        0,
        200,
      ),
    description:
      `A random fault schedule from chaos mode (${fencing}: every resource ${SIDE_FENCING[example.side]}): ${words}. First ${example.finding.kind} at ${formatMs(example.finding.atMs)}: ${example.finding.message}`.slice(
        0,
        4000,
      ),
  }
  const parsed = parseScenario(candidate)
  if (!parsed.ok)
    throw new Error(`internal: a chaos run is not a valid scenario (${parsed.message})`)
  return parsed.scenario
}
