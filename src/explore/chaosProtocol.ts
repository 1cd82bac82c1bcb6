/** The messages between the page and the chaos Web Worker (plain, structured-clone data). */
import type { ChaosInput, ChaosProgress } from './chaos'

/** Page → worker. A new `start` replaces the chaos run in progress (it is cancelled). */
export type ToChaos =
  { type: 'start'; id: number; input: ChaosInput } | { type: 'cancel'; id: number }

/** Progress with the worker's own timing (performance.now in the worker). */
export interface TimedChaosProgress extends ChaosProgress {
  elapsedMs: number
  /** Schedules (each run fenced and unfenced) per second of wall time so far. */
  runsPerSecond: number
}

/** Worker → page. Every chaos run ends with exactly one of `done`, `cancelled` or `failed`. */
export type FromChaos =
  | { type: 'progress'; id: number; progress: TimedChaosProgress }
  | { type: 'done'; id: number; progress: TimedChaosProgress }
  | { type: 'cancelled'; id: number; progress: TimedChaosProgress | null }
  | { type: 'failed'; id: number; message: string }
