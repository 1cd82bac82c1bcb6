/**
 * The explorer: a bounded, systematic search over fault schedules for a run that breaks an
 * invariant. Pure and deterministic (no timers, no clock): the same input always explores the
 * same schedules in the same order and returns the same result.
 *
 * The search, breadth-first so the first hit is minimal:
 * 1. Run the scenario with its base faults (`keep`) or none, with the seeded choices. Derive the
 *    candidate faults from that run (candidates.ts).
 * 2. For k = 0, 1, … maxFaults: every set of k candidates, as an increasing index tuple (so each
 *    set is tried once, in time order); then, for each distinct run of those, up to
 *    `maxChoiceDeviations` choose() answers that differ from the seeded ones. Order: fewest
 *    faults first, then fewest deviations.
 * 3. Stop at the first run with a finding of a target kind, or when the space (or the schedule
 *    cap) is exhausted.
 *
 * Pruning, and why it is sound. A schedule S is extended only by candidates later in the order
 * (its children add a fault at or after its last fault). By prefix stability, a run with one more
 * fault is identical before that fault acts. So:
 * - A fault later than the moment its parent's run ended does nothing: the child's run equals the
 *   parent's without being simulated (counted as explored, not as a run).
 * - If S's trace equals the trace of an already explored schedule T with no more faults and a last
 *   fault no later than S's, then every child S + g behaves as T + g (both worlds are in the same
 *   state when g acts), and T + g is explored anyway: S is not extended.
 * Equal traces also need no second check (the checker reads only the trace). Deviation variants
 * are tried once per distinct trace: a schedule whose trace was already seen shares them — the
 * one place where "same trace" stands in for "same state" (faults later in the run could, in
 * principle, act differently after an earlier deviation).
 */
import type { CheckResult, Fault, Finding, Run, Scenario } from '../sim'
import {
  check,
  faultClause,
  formatMs,
  parseScenario,
  run,
  VIOLATION_KINDS,
  WARNING_KINDS,
} from '../sim'
import { deriveCandidates } from './candidates'
import type { RecordedPoint } from './chooser'
import { EnumeratingChooser } from './chooser'
import { describeChoice } from './describe'
import type { PrefixStates } from './traceHash'
import { eventsBefore, TraceHasher } from './traceHash'
import type {
  Budget,
  BudgetFaultKind,
  ChoiceDeviation,
  Counterexample,
  ExploreInput,
  ExploreProgress,
  ExploreResult,
  ExploreStats,
  Target,
} from './types'
import { BUDGET_FAULT_KINDS, DEFAULT_BUDGET } from './types'

export interface Explorer {
  /** Explores up to `maxSchedules` more schedules and reports where the search stands. */
  step(maxSchedules: number): ExploreProgress
  /** Where the search stands now (no work done). */
  progress(): ExploreProgress
}

/** A bad explorer input: the message names what is wrong. */
export class ExploreInputError extends Error {
  override readonly name = 'ExploreInputError'
}

/** Creates a steppable search. Throws ExploreInputError on bad input. */
export function createExplorer(input: ExploreInput): Explorer {
  const search = new Search(normalize(input))
  const steps = search.steps()
  let result: ExploreResult | null = null
  return {
    step(maxSchedules) {
      for (let i = 0; i < maxSchedules && result === null; i++) {
        const next = steps.next()
        if (next.done === true) result = next.value
      }
      return search.progress(result)
    },
    progress: () => search.progress(result),
  }
}

/** Runs a search to its end (tests, the command line, benchmarks). */
export function explore(input: ExploreInput): ExploreResult {
  const explorer = createExplorer(input)
  for (;;) {
    const progress = explorer.step(1_000_000)
    if (progress.result !== null) return progress.result
  }
}

interface Normalized {
  scenario: Scenario
  baseFaults: Fault[]
  budget: Budget
  isTarget: (finding: Finding) => boolean
}

function normalize(input: ExploreInput): Normalized {
  if (typeof input !== 'object' || input === null) {
    throw new ExploreInputError('Cannot explore: the input must be an object')
  }
  const problems: string[] = []
  const parsed = parseScenario(input.scenario)
  if (!parsed.ok) problems.push(`scenario: ${parsed.message}`)
  if (input.baseFaults !== 'keep' && input.baseFaults !== 'none') {
    problems.push('baseFaults must be "keep" or "none"')
  }
  const given: unknown = input.budget
  if (given !== undefined && (typeof given !== 'object' || given === null)) {
    problems.push('budget must be an object')
  }
  const budget: Budget = { ...DEFAULT_BUDGET, ...(typeof given === 'object' ? given : {}) }
  const kinds: unknown = budget.kinds
  if (!Array.isArray(kinds) || kinds.length === 0) {
    problems.push('budget.kinds must name at least one fault kind')
  } else {
    for (const kind of kinds as unknown[]) {
      if (!(BUDGET_FAULT_KINDS as readonly unknown[]).includes(kind)) {
        problems.push(
          `budget.kinds: unknown fault kind ${JSON.stringify(kind)} (one of ${BUDGET_FAULT_KINDS.join(', ')})`,
        )
      }
    }
  }
  const whole = (name: string, value: number, lo: number, hi: number) => {
    if (!Number.isInteger(value) || value < lo || value > hi) {
      problems.push(`budget.${name} must be a whole number from ${lo} to ${hi}`)
    }
  }
  whole('maxFaults', budget.maxFaults, 1, 3)
  whole('maxSchedules', budget.maxSchedules, 1, 100_000_000)
  whole('maxChoiceDeviations', budget.maxChoiceDeviations, 0, 2)
  const isTarget = targetTest(input.target, problems)
  if (problems.length > 0 || !parsed.ok) {
    throw new ExploreInputError(`Cannot explore: ${problems.join('; ')}`)
  }
  const baseFaults = input.baseFaults === 'keep' ? parsed.scenario.faults : []
  // A scenario's own `choices` (a loaded counterexample's) are not kept: the search answers every
  // choose() itself, from the seeded timing, and a counterexample carries only its own deviations
  // (keeping the old ones would make it replay another run).
  const { choices: _choices, ...config } = parsed.scenario
  return {
    scenario: { ...config, faults: baseFaults },
    baseFaults,
    budget: { ...budget, kinds: [...new Set(budget.kinds)] },
    isTarget,
  }
}

const FINDING_KINDS = new Set<string>([...VIOLATION_KINDS, ...WARNING_KINDS])

/** `any-violation` means every violation kind; a list of kinds may name warnings too. */
function targetTest(target: Target, problems: string[]): (finding: Finding) => boolean {
  if (target === 'any-violation') return (f) => f.severity === 'violation'
  const kinds = typeof target === 'object' && target !== null ? target.kinds : undefined
  if (!Array.isArray(kinds) || kinds.length === 0) {
    problems.push('target must be "any-violation" or { kinds: [...] } with at least one kind')
    return () => false
  }
  for (const kind of kinds as readonly string[]) {
    if (!FINDING_KINDS.has(kind)) problems.push(`target.kinds: unknown finding kind "${kind}"`)
  }
  const wanted = new Set<string>(kinds)
  return (f) => wanted.has(f.kind)
}

/** A fault set in the search tree: candidate indices in increasing order. */
interface FaultNode {
  faults: number[]
  /** When its run ended (a later fault cannot change it). */
  endMs: number
}

/** A run whose choice points may take deviations. */
interface DeviationParent {
  faults: number[]
  devs: ChoiceDeviation[]
  points: RecordedPoint[]
}

/** Marks a trace seen only in a deviation run: it cannot stand in for a fault schedule. */
const NOT_A_FAULT_SCHEDULE = Number.MAX_SAFE_INTEGER

class Search {
  private readonly base: Normalized
  private readonly chooser: EnumeratingChooser
  private readonly hasher = new TraceHasher()
  /** Trace fingerprint → the smallest last-candidate index of a fault schedule with that trace. */
  private readonly seen = new Map<number, number>()
  private candidates: Fault[] = []
  /** The base run's walked trace, and those of the one-fault runs (by candidate index). */
  private basePrefix: PrefixStates | null = null
  private readonly oneFaultPrefix = new Map<number, PrefixStates>()
  private explored = 0
  private runs = 0
  private faultsReached = 0
  private deviationsReached = 0
  private stageTotal = 1
  private stageDone = 0

  constructor(base: Normalized) {
    this.base = base
    this.chooser = new EnumeratingChooser(base.budget.maxChoiceDeviations > 0)
  }

  progress(result: ExploreResult | null): ExploreProgress {
    return {
      ...this.stats(),
      budget: this.base.budget,
      deviationsReached: this.deviationsReached,
      stageTotal: this.stageTotal,
      stageDone: this.stageDone,
      result,
    }
  }

  private stats(): ExploreStats {
    return {
      explored: this.explored,
      runs: this.runs,
      distinct: this.seen.size,
      candidates: this.candidates.length,
      faultsReached: this.faultsReached,
    }
  }

  /** The search as a generator: one `yield` per schedule decided. */
  *steps(): Generator<void, ExploreResult, void> {
    const { budget } = this.base
    const wantPoints = budget.maxChoiceDeviations > 0
    let frontier: FaultNode[] = []
    let devParents: DeviationParent[] = []

    // The empty schedule: the base run. Its trace is where candidates come from.
    const baseRun = this.simulate([], [], wantPoints)
    this.candidates = deriveCandidates(
      this.base.scenario,
      baseRun.run,
      new Set<BudgetFaultKind>(budget.kinds),
    )
    this.basePrefix = this.hasher.prefixes(baseRun.run.events)
    const baseHit = this.judge(baseRun, -1)
    this.stageDone = 1
    if (baseHit !== null) return this.found([], [], baseHit)
    frontier.push({ faults: [], endMs: baseRun.run.endMs })
    addDeviationParent(devParents, [], [], baseRun.points)
    yield

    for (let k = 0; ; k++) {
      // Deviation variants of the distinct k-fault runs: 1 deviation, then 2.
      for (let d = 1; d <= budget.maxChoiceDeviations && devParents.length > 0; d++) {
        this.deviationsReached = d
        this.startStage(devParents.reduce((n, p) => n + deviationCount(p), 0))
        const next: DeviationParent[] = []
        for (const parent of devParents) {
          const from =
            parent.devs.length === 0 ? 0 : (parent.devs.at(-1) as ChoiceDeviation).index + 1
          for (let i = from; i < parent.points.length; i++) {
            const point = parent.points[i] as RecordedPoint
            if (point.point === 'token') continue
            for (const answer of point.alternatives) {
              if (this.explored >= budget.maxSchedules) return this.none('schedule-cap')
              const devs = [...parent.devs, { index: i, point: point.point, answer }]
              const more = d < budget.maxChoiceDeviations
              const sim = this.simulate(parent.faults, devs, more)
              const isNew = !this.seen.has(sim.hash)
              const hit = this.judge(sim, NOT_A_FAULT_SCHEDULE)
              this.stageDone++
              if (hit !== null) return this.found(parent.faults, devs, hit)
              if (isNew && more) addDeviationParent(next, parent.faults, devs, sim.points)
              yield
            }
          }
        }
        devParents = next
      }
      if (k === budget.maxFaults) return this.none('space-exhausted')

      // Every (k + 1)-fault set, as a child of a k-fault node that was not pruned.
      this.faultsReached = k + 1
      this.deviationsReached = 0
      const n = this.candidates.length
      this.startStage(frontier.reduce((sum, node) => sum + n - 1 - lastOf(node.faults), 0))
      const nextFrontier: FaultNode[] = []
      devParents = []
      for (const node of frontier) {
        for (let j = lastOf(node.faults) + 1; j < n; j++) {
          if (this.explored >= budget.maxSchedules) return this.none('schedule-cap')
          const faults = [...node.faults, j]
          const fault = this.candidates[j] as Fault
          this.stageDone++
          if (fault.atMs > node.endMs) {
            // The parent's run was over before this fault: same run, nothing to simulate.
            this.explored++
            yield
            continue
          }
          const sim = this.simulate(faults, [], wantPoints)
          const isNew = !this.seen.has(sim.hash)
          const dominated = !isNew && (this.seen.get(sim.hash) as number) <= j
          const hit = this.judge(sim, j)
          if (hit !== null) return this.found(faults, [], hit)
          if (!dominated && k + 1 < budget.maxFaults) {
            nextFrontier.push({ faults, endMs: sim.run.endMs })
          }
          if (isNew && wantPoints) addDeviationParent(devParents, faults, [], sim.points)
          yield
        }
      }
      frontier = nextFrontier
    }
  }

  private startStage(total: number): void {
    this.stageTotal = total
    this.stageDone = 0
  }

  private simulate(
    faults: readonly number[],
    devs: readonly ChoiceDeviation[],
    recordPoints: boolean,
  ): Simulated {
    const scenario = this.scenarioWith(faults)
    this.chooser.reset(devs, recordPoints)
    const result = run(scenario, { chooser: this.chooser })
    this.explored++
    this.runs++
    return {
      run: result,
      hash: this.fingerprint(faults, devs, result),
      points: recordPoints ? this.chooser.points.slice() : [],
    }
  }

  /**
   * The run's trace fingerprint, walking as little of it as prefix stability allows: with no
   * deviations, the events before the last added fault are those of the run without it. The
   * base run and the one-fault runs are walked in full once and kept; a two- or three-fault run
   * resumes from its one-fault ancestor at its second fault.
   */
  private fingerprint(faults: readonly number[], devs: readonly ChoiceDeviation[], r: Run): number {
    const base = this.basePrefix
    const first = faults[0]
    if (devs.length > 0 || base === null || first === undefined) return this.hasher.hash(r.events)
    const firstMs = (this.candidates[first] as Fault).atMs
    if (faults.length === 1) {
      if (this.base.budget.maxFaults === 1) {
        return this.hasher.hashFrom(r.events, eventsBefore(base, firstMs), base)
      }
      const walked = this.hasher.prefixes(r.events, eventsBefore(base, firstMs), base)
      this.oneFaultPrefix.set(first, walked)
      return walked.hash
    }
    const ancestor = this.oneFaultPrefix.get(first)
    const secondMs = (this.candidates[faults[1] as number] as Fault).atMs
    if (ancestor === undefined)
      return this.hasher.hashFrom(r.events, eventsBefore(base, firstMs), base)
    return this.hasher.hashFrom(r.events, eventsBefore(ancestor, secondMs), ancestor)
  }

  /**
   * Records the run's trace and returns its first target finding, if any. A trace seen before
   * cannot hold one (the search would have stopped), so only new traces are checked.
   */
  private judge(sim: Simulated, lastIndex: number): Finding | null {
    const known = this.seen.get(sim.hash)
    if (known !== undefined) {
      if (lastIndex < known) this.seen.set(sim.hash, lastIndex)
      return null
    }
    this.seen.set(sim.hash, lastIndex)
    return this.firstTarget(check(sim.run))
  }

  /** The earliest target finding (findings are sorted by time within each list). */
  private firstTarget(result: CheckResult): Finding | null {
    let first: Finding | null = null
    for (const list of [result.violations, result.warnings]) {
      const f = list.find(this.base.isTarget)
      if (f === undefined) continue
      if (
        first === null ||
        f.atMs < first.atMs ||
        (f.atMs === first.atMs && f.eventIndex < first.eventIndex)
      ) {
        first = f
      }
    }
    return first
  }

  private scenarioWith(faults: readonly number[]): Scenario {
    if (faults.length === 0) return this.base.scenario
    const all = this.base.baseFaults.slice()
    for (const i of faults) all.push(this.candidates[i] as Fault)
    return { ...this.base.scenario, faults: all }
  }

  private found(faultIndices: number[], devs: ChoiceDeviation[], finding: Finding): ExploreResult {
    const faults = faultIndices.map((i) => this.candidates[i] as Fault)
    const counterexample = buildCounterexample(this.base, faults, devs, finding)
    return { kind: 'counterexample', counterexample, ...this.stats() }
  }

  private none(reason: 'space-exhausted' | 'schedule-cap'): ExploreResult {
    return { kind: 'no-violation', bounded: true, reason, ...this.stats() }
  }
}

interface Simulated {
  run: Run
  hash: number
  points: RecordedPoint[]
}

function lastOf(faults: readonly number[]): number {
  return faults.length === 0 ? -1 : (faults[faults.length - 1] as number)
}

/** Keeps a run as a parent of deviation variants if any of its later points has another answer. */
function addDeviationParent(
  into: DeviationParent[],
  faults: number[],
  devs: ChoiceDeviation[],
  points: RecordedPoint[],
): void {
  const parent = { faults, devs, points }
  if (deviationCount(parent) > 0) into.push(parent)
}

function deviationCount(parent: DeviationParent): number {
  const from = parent.devs.length === 0 ? 0 : (parent.devs.at(-1) as ChoiceDeviation).index + 1
  let n = 0
  for (let i = from; i < parent.points.length; i++) {
    const p = parent.points[i] as RecordedPoint
    if (p.point !== 'token') n += p.alternatives.length
  }
  return n
}

/**
 * The counterexample as a scenario of its own: the base with the schedule's faults, without the
 * base's narration (it tells another story) or id (it is not that preset any more). It is
 * validated and re-run once, so a counterexample that does not reproduce is never reported.
 */
function buildCounterexample(
  base: Normalized,
  faults: Fault[],
  choices: ChoiceDeviation[],
  finding: Finding,
): Counterexample {
  const { id: _id, narration: _narration, ...rest } = base.scenario
  const words = [
    ...(faults.length === 0 ? ['no added faults'] : faults.map((f) => faultClause(f))),
    ...choices.map(describeChoice),
  ].join('; ')
  const candidate = {
    ...rest,
    title: `Counterexample: ${base.scenario.title ?? 'scenario'}`.slice(0, 200),
    description:
      `Found by the explorer: ${words}. First ${finding.kind} at ${formatMs(finding.atMs)}: ${finding.message}`.slice(
        0,
        4000,
      ),
    faults: [...base.baseFaults, ...faults],
    // A counterexample that needs a particular ordering or latency carries it, so that it is a
    // plain scenario: the lab, a link and the CLI all replay it with `run(scenario)`.
    ...(choices.length > 0
      ? { choices: choices.map(({ index, point, answer }) => ({ index, point, answer })) }
      : {}),
  }
  const parsed = parseScenario(candidate)
  if (!parsed.ok) throw new Error(`internal: the counterexample is not valid (${parsed.message})`)
  const replay = check(run(parsed.scenario))
  const again = [...replay.violations, ...replay.warnings].find(
    (f) => f.kind === finding.kind && f.atMs === finding.atMs && f.message === finding.message,
  )
  if (again === undefined) throw new Error('internal: the counterexample did not reproduce')
  return { scenario: parsed.scenario, faults, choices, finding: again }
}
