/** The messages between the page and the chaos Web Worker (see jobProtocol.ts). */
import type { ChaosInput, ChaosProgress } from './chaos'
import type { FromJob, ToJob } from './jobProtocol'

export type ToChaos = ToJob<ChaosInput>

/** Progress with the worker's own timing (the worker's monotonic clock). */
export interface TimedChaosProgress extends ChaosProgress {
  elapsedMs: number
  /** Schedules (each run fenced and unfenced) per second of wall time so far. */
  runsPerSecond: number
}

/** A finished run's result is its final tallies (untimed). */
export type FromChaos = FromJob<TimedChaosProgress, ChaosProgress>
