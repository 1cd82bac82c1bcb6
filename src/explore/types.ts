/**
 * The explorer's vocabulary: what to search (a scenario, a fault budget, a target), how far it
 * got (progress) and what it found (a counterexample, or a bounded "no violation").
 *
 * Every type here is plain, structured-clone-safe data, so the same values cross the Web Worker
 * boundary unchanged.
 */
import type { Fault, Finding, FindingKind, Scenario } from '../sim'

/**
 * The fault kinds the explorer may inject. `crash` is a crash with no restart; `crash-restart`
 * brings the node back after a while (it only makes sense for the lock service and resources: a
 * crashed client does nothing after a restart, so for clients it equals `crash`).
 */
export type BudgetFaultKind =
  | 'pause'
  | 'delay'
  | 'drop'
  | 'partition'
  | 'clock-jump'
  | 'crash'
  | 'crash-restart'
  | 'expire-lease'

export const BUDGET_FAULT_KINDS: readonly BudgetFaultKind[] = [
  'pause',
  'delay',
  'drop',
  'partition',
  'clock-jump',
  'crash',
  'crash-restart',
  'expire-lease',
]

export interface Budget {
  /** Which kinds of fault may be injected. */
  kinds: readonly BudgetFaultKind[]
  /** The most faults in one schedule (1–3). Schedules are searched by fault count, fewest first. */
  maxFaults: number
  /** A cap on schedules explored (the empty schedule counts as one). */
  maxSchedules: number
  /**
   * How many `choose()` answers (a latency at the end of its range, a different same-time
   * delivery order) may differ from the seeded run in one schedule (0–2).
   */
  maxChoiceDeviations: number
}

export const DEFAULT_BUDGET: Readonly<Budget> = {
  kinds: BUDGET_FAULT_KINDS,
  maxFaults: 2,
  maxSchedules: 200_000,
  maxChoiceDeviations: 1,
}

/** Which checker findings count as a hit: any violation, or a list of kinds (warnings allowed). */
export type Target = 'any-violation' | { kinds: readonly FindingKind[] }

export interface ExploreInput {
  /**
   * A validated scenario (as `parseScenario` returns it). Its `choices`, if any, are set aside:
   * the search starts from the seeded timing and varies it itself.
   */
  scenario: Scenario
  /**
   * Start from the scenario's own faults (`keep`: schedules are added after them) or from none
   * (`none`: the question "given this configuration, can faults break it?"). No default: the
   * two questions differ and the caller must say which one it asks.
   */
  baseFaults: 'keep' | 'none'
  target: Target
  /** Missing fields take their value from DEFAULT_BUDGET. */
  budget?: Partial<Budget>
}

/** One `choose()` answer that differs from the seeded run's. */
export interface ChoiceDeviation {
  /** The n-th call to `choose()` in the run (0-based, counting every choice point). */
  index: number
  point: 'latency' | 'tie'
  /** The answer given instead of the seeded one (a latency in ms, or a tie option). */
  answer: number
}

export interface Counterexample {
  /**
   * The base scenario with its faults replaced (`baseFaults: 'none'`) or extended (`keep`) by
   * the schedule. Valid under `parseScenario`.
   */
  scenario: Scenario
  /** The injected faults only: a minimal schedule (no schedule with fewer faults hit the target). */
  faults: Fault[]
  /**
   * `choose()` answers that differ from the seeded run. Empty means `run(scenario)` reproduces
   * the finding as it is; otherwise run it with `replayChooser(choices)`.
   */
  choices: ChoiceDeviation[]
  /** The first finding of a target kind in the counterexample's run. */
  finding: Finding
}

export interface ExploreStats {
  /** Schedules decided: run, or proved identical to a run (a fault after the run had ended). */
  explored: number
  /** Simulations actually run. */
  runs: number
  /** Distinct traces seen (by a 53-bit hash of the whole trace). */
  distinct: number
  /** Size of the derived candidate fault set. */
  candidates: number
  /** The fault count of the schedules explored last (0 = the schedule with no faults). */
  faultsReached: number
}

export type ExploreResult =
  | ({ kind: 'counterexample'; counterexample: Counterexample } & ExploreStats)
  | ({
      kind: 'no-violation'
      /**
       * A BOUNDED claim: no schedule within this budget (these fault kinds, at most this many
       * faults, the derived candidate times and durations, this many choice deviations) hit the
       * target. Other times, durations or more faults may still break the scenario.
       * `space-exhausted`: every schedule in the budget was decided; `schedule-cap`: the search
       * stopped at `maxSchedules` before the space was exhausted.
       */
      bounded: true
      reason: 'space-exhausted' | 'schedule-cap'
    } & ExploreStats)

export interface ExploreProgress extends ExploreStats {
  /** The budget in force (defaults filled in). */
  budget: Budget
  /** Choice deviations per schedule at this stage of the current fault count. */
  deviationsReached: number
  /** Schedules planned at the current stage, and how many of them are done (for a progress bar). */
  stageTotal: number
  stageDone: number
  /** Set once the search has finished. */
  result: ExploreResult | null
}
